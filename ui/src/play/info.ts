// The side panel: the City of Carcassonne's quarters, who holds the King and the Robber Baron,
// and the score log (new lines also flash on the board).
import type { GameView, Pos, Quarter } from '../bindings';
import { t } from '../i18n/index';
import { button, followerIcon, h, icon } from '../screens/dom';
import { seatColour, seatName } from './seats';

const QUARTERS: Quarter[] = ['castle', 'market', 'blacksmith', 'cathedral'];

export interface InfoPanel {
  readonly el: HTMLElement;
  /** The City and the card holders. */
  render(view: GameView): void;
  /** The score log; lines new since the last call flash on the board (all redrawn when `fresh`). */
  renderScores(view: GameView, fresh: boolean): void;
}

/** Shows a scoring on the board: its tiles in the winners' colours with the points. */
export type FlashScore = (tiles: Pos[], colours: string[], texts: string[]) => void;

function cityPanel(view: GameView, panel: HTMLElement): void {
  const c = view.city;
  panel.hidden = !c;
  if (!c) return;
  panel.replaceChildren(
    h('h2', {}, t.city),
    h(
      'div',
      { class: 'quarters' },
      ...QUARTERS.map((q) =>
        h(
          'div',
          { class: `quarter${c.count === q ? ' has-count' : ''}`, data: { quarter: q } },
          h('span', { class: 'quarter-name' }, t.quarter(q)),
          h(
            'span',
            { class: 'quarter-pieces' },
            c.count === q ? h('span', { class: 'count-piece', attrs: { title: t.count } }, followerIcon('meeple', '#4b2a6e', 24)) : null,
            ...c.followers.filter((f) => f.quarter === q).map((f) => followerIcon(f.kind, seatColour(view, f.seat), 20)),
          ),
        ),
      ),
    ),
  );
}

function holdersPanel(view: GameView, panel: HTMLElement): void {
  panel.hidden = !view.sets.includes('king_robber');
  if (panel.hidden) return;
  const line = (label: string, ic: string, holder: typeof view.king): HTMLElement =>
    h(
      'div',
      { class: 'holder' },
      icon(ic, 20),
      h('strong', {}, `${label}: `),
      holder ? h('span', { style: `color:${seatColour(view, holder.seat)}` }, t.holder(seatName(view, holder.seat), holder.tiles)) : h('span', {}, t.nobody),
    );
  panel.replaceChildren(line(t.king, 'crown', view.king), line(t.robber, 'mask', view.robber));
}

function scoreLine(view: GameView, i: number): HTMLElement {
  const line = view.scores[i]!;
  const ws = line.entry.winners;
  return h(
    'li',
    { class: `score-line${ws.length ? '' : ' nobody'}`, testid: 'score-line', data: { index: i, kind: line.entry.kind } },
    h('span', { class: 'dots' }, ...(ws.length ? ws : [null]).map((w) => h('span', { class: 'dot', style: `--seat:${seatColour(view, w)}` }))),
    h('span', { class: 'score-text' }, t.scoreText(line, ws.map((w) => seatName(view, w)))),
    ws.length ? h('span', { class: 'score-pts', style: `color:${seatColour(view, ws[0])}` }, `+${line.entry.points}`) : null,
  );
}

export function createInfoPanel(onClose: () => void, flash: FlashScore): InfoPanel {
  const city = h('div', { class: 'city-panel' });
  const holders = h('div', { class: 'holders' });
  const log = h('ol', { class: 'score-log', testid: 'score-log' });
  const el = h(
    'aside',
    { class: 'info' },
    button('', { class: 'icon-btn info-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: onClose } }, 'close'),
    city,
    holders,
    h('h2', {}, t.scoreLog),
    log,
    h('p', { class: 'keys-help' }, t.keysHelp),
  );
  let seen = 0;
  return {
    el,
    render(view) {
      cityPanel(view, city);
      holdersPanel(view, holders);
    },
    renderScores(view, fresh) {
      const n = view.scores.length;
      if (fresh || n < seen) log.replaceChildren(...view.scores.map((_, i) => scoreLine(view, i)).reverse());
      else {
        if (n > seen) log.querySelector('.empty')?.remove();
        for (let i = seen; i < n; i++) {
          log.prepend(scoreLine(view, i));
          const e = view.scores[i]!.entry;
          const colours = e.winners.map((w) => seatColour(view, w));
          flash(e.tiles, colours.length ? colours : ['#e9e4d4'], e.winners.map(() => `+${e.points}`));
        }
      }
      if (n === 0) log.replaceChildren(h('li', { class: 'empty' }, t.scoreLogEmpty));
      seen = n;
    },
  };
}
