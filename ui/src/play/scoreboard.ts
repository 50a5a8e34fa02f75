// The top bar's seats (name, score, followers left, the King's and the Robber's cards) and the
// tiles-left chip.
import type { GameView, SeatView } from '../bindings';
import { t } from '../i18n/index';
import { followerIcon, h, icon } from '../screens/dom';

export interface Scoreboard {
  /** The list of seats. */
  readonly el: HTMLElement;
  /** The tiles-left chip. */
  readonly tilesChip: HTMLElement;
  render(view: GameView): void;
}

function seatItem(view: GameView, s: SeatView): HTMLElement {
  const current = view.pending?.decision.seat;
  const meeples = s.supply.find((x) => x.kind === 'meeple')?.count ?? 0;
  const king = view.king?.seat === s.seat;
  const robber = view.robber?.seat === s.seat;
  return h(
    'div',
    {
      class: `seat${current === s.seat && !view.over ? ' current' : ''}`,
      testid: 'seat-score',
      data: { seat: s.seat, score: s.score },
      style: `--seat:${s.colour}`,
      attrs: { role: 'listitem', 'aria-label': `${t.seatScore(s.name, s.score)}; ${s.supply.map((x) => t.supply(x.kind, x.count)).join(', ')}` },
    },
    h('span', { class: 'seat-piece' }, followerIcon('meeple', s.colour, 26), h('span', { class: 'seat-badge' }, String(meeples))),
    h(
      'span',
      { class: 'seat-text' },
      h('span', { class: 'seat-name' }, s.name, s.bot ? h('small', { class: 'bot-tag' }, ` ${t.bot}`) : null),
      h('span', { class: 'seat-points' }, String(s.score)),
    ),
    h(
      'span',
      { class: 'seat-supply' },
      ...s.supply.map((x) => h('span', { class: 'supply', attrs: { title: t.supply(x.kind, x.count) } }, followerIcon(x.kind, s.colour, 16), String(x.count))),
    ),
    king || robber
      ? h(
          'span',
          { class: 'seat-cards' },
          king ? h('span', { class: 'card-badge', attrs: { title: t.king } }, icon('crown', 14)) : null,
          robber ? h('span', { class: 'card-badge', attrs: { title: t.robber } }, icon('mask', 14)) : null,
        )
      : null,
  );
}

export function createScoreboard(): Scoreboard {
  const el = h('div', { class: 'scoreboard', attrs: { role: 'list' } });
  const tilesLeft = h('span', { class: 'tiles-left-n', testid: 'tiles-left' });
  const tilesChip = h('div', { class: 'tiles-chip', attrs: { title: '' } }, icon('tiles', 20), tilesLeft);
  return {
    el,
    tilesChip,
    render(view) {
      el.dataset.count = String(view.seats.length);
      el.replaceChildren(...view.seats.map((s) => seatItem(view, s)));
      tilesLeft.textContent = String(view.tiles_left);
      tilesChip.setAttribute('title', t.tilesLeft(view.tiles_left));
      tilesChip.setAttribute('aria-label', t.tilesLeft(view.tiles_left));
    },
  };
}
