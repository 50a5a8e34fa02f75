// The side panel: the City of Carcassonne's quarters, who holds the King and the Robber Baron,
// and the turn log (new score lines also flash on the board; pointing at a turn rings its tile;
// a rule ID in it opens the rules at that paragraph, over the game).
import { tileGroup } from '../art/index';
import { el } from '../art/svg';
import type { GameView, Pos, Quarter, TurnEntry } from '../bindings';
import { t } from '../i18n/index';
import { ruleLinks } from '../rules/link';
import { button, followerIcon, h, icon, seatToken } from '../screens/dom';
import { aidsAllowed, app } from '../state';
import { seatColour, seatName } from './seats';

const QUARTERS: Quarter[] = ['castle', 'market', 'blacksmith', 'cathedral'];

export interface InfoPanel {
  readonly el: HTMLElement;
  /** The City, the card holders, and whether the undo button shows. */
  render(view: GameView, canUndo: boolean): void;
  /** The turn log; score lines new since the last call flash on the board (all redrawn when `fresh`). */
  renderScores(view: GameView, fresh: boolean): void;
}

/** Shows a scoring on the board: its tiles in the winners' colours with the points. */
export type FlashScore = (tiles: Pos[], colours: string[], texts: string[]) => void;
export type PointAt = (at: Pos | null) => void;

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
            ...c.followers.filter((f) => f.quarter === q).map((f) => followerIcon(f.kind, seatColour(view, f.seat), 20, false, f.seat)),
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
      h('strong', {}, t.labelled(label)),
      holder ? h('span', {}, seatToken(holder.seat, seatColour(view, holder.seat)), ' ', t.holder(seatName(view, holder.seat), holder.tiles)) : h('span', {}, t.nobody),
    );
  panel.replaceChildren(line(t.king, 'crown', view.king), line(t.robber, 'mask', view.robber));
}

/** A score line someone won: who, how many points, what for and by which rule. */
function scoreLine(view: GameView, i: number): HTMLElement {
  const line = view.scores[i]!;
  const ws = line.entry.winners;
  return h(
    'div',
    { class: 'score-line', testid: 'score-line', data: { index: i, kind: line.entry.kind } },
    h('span', { class: 'dots' }, ...ws.map((w) => seatToken(w, seatColour(view, w), 13))),
    h('span', { class: 'score-text' }, ...ruleLinks(t.scoreText(line, ws.map((w) => seatName(view, w))))),
    h('span', { class: 'score-pts' }, `+${line.entry.points}`),
  );
}

/** A turn's score lines; one nobody won is a quiet note in the turn, not a line of its own. */
function turnScores(view: GameView, indices: number[]): HTMLElement[] {
  return indices.map((i) => {
    const line = view.scores[i];
    if (!line) return h('span', {});
    if (line.entry.winners.length) return scoreLine(view, i);
    return h('div', { class: 'turn-sub unclaimed', testid: 'score-unclaimed', data: { index: i } }, ...ruleLinks(t.scoreUnclaimed(line)));
  });
}

/** The placed tile, small, turned as on the board. */
function miniTile(tileId: string, rotation: number): SVGSVGElement {
  const svg = el('svg', { viewBox: '-2 -2 104 104', class: 'turn-tile', 'aria-hidden': 'true' });
  const tile = app.tiles.get(tileId);
  if (tile) el('g', { transform: `rotate(${rotation * 90} 50 50)` }, svg).appendChild(tileGroup(tile, { frame: true }));
  return svg;
}

/** A bot's turn: why it played so (the engine's first reason), unless aids are off. */
function whyLine(view: GameView, turn: TurnEntry, name: (seat: number) => string): HTMLElement | null {
  const first = turn.why[0];
  if (!first || !view.seats[turn.seat]?.bot || !app.settings.learning_aids || !aidsAllowed(view)) return null;
  return h('div', { class: 'turn-sub turn-why', testid: 'turn-why', data: { reason: first.reason } }, t.botWhy(t.reason(first, name)));
}

/** One turn: the seat, the tile and where, what its followers did, what it scored, a bot's why. */
function turnItem(view: GameView, turn: TurnEntry, n: number, point: PointAt): HTMLElement {
  const name = (seat: number): string => seatName(view, seat);
  const li = h(
    'li',
    { class: 'turn-entry', testid: 'turn-entry', attrs: { tabindex: '0' }, data: { turn: n, seat: turn.seat, x: turn.at[0], y: turn.at[1] } },
    h(
      'div',
      { class: 'turn-head' },
      seatToken(turn.seat, seatColour(view, turn.seat), 13),
      miniTile(turn.tile, turn.rotation),
      h('span', { class: 'turn-text' }, t.turnPlaced(name(turn.seat), turn.at[0], turn.at[1])),
    ),
    turn.discarded.length ? h('div', { class: 'turn-sub' }, ...ruleLinks(t.turnDiscarded(turn.discarded.length))) : null,
    ...turn.events.map((e) => h('div', { class: 'turn-sub', testid: 'turn-event', data: { event: e.event } }, t.turnEvent(e, name))),
    ...turnScores(view, turn.scores),
    whyLine(view, turn, name),
  );
  for (const type of ['pointerenter', 'focus']) li.addEventListener(type, () => point(turn.at));
  for (const type of ['pointerleave', 'blur']) li.addEventListener(type, () => point(null));
  return li;
}

function finalItem(view: GameView): HTMLElement | null {
  const f = view.final_scoring;
  if (!f) return null;
  return h('li', { class: 'turn-entry final', testid: 'turn-final' }, h('div', { class: 'turn-head' }, h('strong', {}, t.turnFinal)), ...turnScores(view, f.scores));
}

export interface InfoActions {
  close(): void;
  /** Shows a scoring on the board: its tiles in the winners' colours with the points. */
  flash: FlashScore;
  /** Rings a turn's tile on the board while the player points at its entry (`null`: none). */
  point: PointAt;
  /** Takes back the last turn a person played. */
  undo(): void;
  /** The learning aids' switches, shown above the log. */
  aids?: HTMLElement;
}

export function createInfoPanel(actions: InfoActions): InfoPanel {
  const city = h('div', { class: 'city-panel' });
  const holders = h('div', { class: 'holders' });
  const log = h('ol', { class: 'turn-log', testid: 'turn-log' });
  const undo = button(t.undo, { class: 'btn small undo-btn', testid: 'undo', attrs: { 'aria-keyshortcuts': 'Control+Z' }, on: { click: () => actions.undo() } }, 'undo');
  const el = h(
    'aside',
    { class: 'info' },
    button('', { class: 'icon-btn info-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: actions.close } }, 'close'),
    city,
    holders,
    actions.aids ?? null,
    h('div', { class: 'log-head' }, h('h2', {}, t.scoreLog), undo),
    log,
    h('p', { class: 'keys-help' }, t.keysHelp),
  );
  let seen = 0;
  /** Entries drawn, newest first; the last turn is redrawn (its later actions add to it). */
  let drawn: HTMLElement[] = [];
  return {
    el,
    render(view, canUndo) {
      cityPanel(view, city);
      holdersPanel(view, holders);
      undo.hidden = !canUndo;
    },
    renderScores(view, fresh) {
      const turns = view.turns;
      if (fresh || turns.length < drawn.length) drawn = [];
      const keep = Math.max(0, Math.min(drawn.length, turns.length) - 1);
      drawn = [...drawn.slice(0, keep), ...turns.slice(keep).map((turn, k) => turnItem(view, turn, keep + k + 1, actions.point))];
      const last = finalItem(view);
      const items = [...drawn].reverse();
      log.replaceChildren(...(last ? [last] : []), ...items);
      if (!items.length) log.replaceChildren(h('li', { class: 'empty' }, t.scoreLogEmpty));
      const n = view.scores.length;
      if (!fresh && n > seen) {
        for (let i = seen; i < n; i++) {
          const e = view.scores[i]!.entry;
          const colours = e.winners.map((w) => seatColour(view, w));
          actions.flash(e.tiles, colours.length ? colours : ['#e9e4d4'], e.winners.map(() => `+${e.points}`));
        }
      }
      seen = n;
    },
  };
}
