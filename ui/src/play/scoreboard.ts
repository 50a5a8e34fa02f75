// The top bar's seats (name, score, followers left, the King's and the Robber's cards) and the
// tiles-left chip.
import type { GameView, SeatView } from '../bindings';
import { shownName, t } from '../i18n/index';
import { followerIcon, h, icon } from '../screens/dom';
import { aidsAllowed, app } from '../state';

export interface Scoreboard {
  /** The list of seats. */
  readonly el: HTMLElement;
  /** The tiles-left chip. */
  readonly tilesChip: HTMLElement;
  render(view: GameView): void;
}

/**
 * Shorter forms of a name, longest first: without its last word ("Medium bot 1" → "Medium
 * bot"), the first word, then initials (up to three).
 */
export function shortNames(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const forms: string[] = [];
  if (words.length > 2) forms.push(words.slice(0, -1).join(' '));
  if (words.length > 1) forms.push(words[0]);
  const initials = words.length > 1 ? words.slice(0, 3).map((w) => [...w][0].toUpperCase()).join('') : [...name.trim()].slice(0, 3).join('');
  if (initials && !forms.includes(initials) && initials !== name) forms.push(initials);
  return forms;
}

let measureCtx: CanvasRenderingContext2D | null = null;

/** The width `text` takes in `el`'s font (a box with an ellipsis reports its clipped width). */
function textWidth(el: Element, text: string): number {
  measureCtx ??= document.createElement('canvas').getContext('2d');
  if (!measureCtx) return 0;
  measureCtx.font = getComputedStyle(el).font;
  return measureCtx.measureText(text).width;
}

/** Whether a seat's name box shows all of its name (and the bot tag, when it is shown). */
function nameFits(box: HTMLElement, label: HTMLElement): boolean {
  const tag = box.querySelector('.bot-tag');
  const tagWidth = tag && tag.getBoundingClientRect().width > 0 ? textWidth(tag, tag.textContent ?? '') : 0;
  return textWidth(label, label.textContent ?? '') + tagWidth <= box.clientWidth + 0.5;
}

/** Below this width a seat's chip stacks its name over its score (style.css `[data-narrow]`). */
const NARROW_CHIP_PX = 84;

/**
 * Each seat shows the longest form of its name that fits its chip (full, first word, initials),
 * so a narrow phone keeps a name per seat rather than an ellipsis or nothing.
 */
function fitNames(list: HTMLElement): void {
  const chip = list.firstElementChild?.getBoundingClientRect().width ?? 0;
  list.toggleAttribute('data-narrow', chip > 0 && chip < NARROW_CHIP_PX);
  for (const label of list.querySelectorAll<HTMLElement>('.seat-name-text')) {
    const box = label.parentElement;
    const full = label.dataset.full ?? '';
    if (!box) continue;
    label.textContent = full;
    for (const form of shortNames(full)) {
      if (nameFits(box, label)) break;
      label.textContent = form;
    }
  }
}

/** The seat's score if the game ended now (the API's projection), when that aid is on. */
function projected(view: GameView, seat: number): HTMLElement | null {
  const n = view.projection?.scores[seat];
  if (!app.settings.show_projection || !aidsAllowed(view) || n === undefined || view.over) return null;
  return h('span', { class: 'seat-projected', testid: 'seat-projected', data: { seat, points: n }, attrs: { title: t.projectedScore(n), 'aria-label': t.projectedScore(n) } }, `→ ${n}`);
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
      attrs: { role: 'listitem', 'aria-label': t.clauses(t.seatScore(shownName(s), s.score), s.supply.map((x) => t.supply(x.kind, x.count)).join(', ')) },
    },
    h('span', { class: 'seat-piece' }, followerIcon('meeple', s.colour, 26, false, s.seat), h('span', { class: 'seat-badge' }, String(meeples))),
    h(
      'span',
      { class: 'seat-text' },
      h('span', { class: 'seat-name', attrs: { title: shownName(s) } }, h('span', { class: 'seat-name-text', data: { full: shownName(s) } }, shownName(s)), s.bot ? h('small', { class: 'bot-tag' }, ` ${t.bot}`) : null),
      h('span', { class: 'seat-points' }, String(s.score)),
      projected(view, s.seat),
    ),
    h(
      'span',
      { class: 'seat-supply' },
      ...s.supply.map((x) => h('span', { class: 'supply', attrs: { title: t.supply(x.kind, x.count) } }, followerIcon(x.kind, s.colour, 16, false, s.seat), String(x.count))),
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
  const tilesChip = h('button', { type: 'button', class: 'tiles-chip', testid: 'tiles-chip', attrs: { title: '' } }, icon('tiles', 20), tilesLeft);
  // the chips' widths change with the window (a phone turned on its side)
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => fitNames(el)).observe(el);
  // a web font that arrives late changes every name's width
  void document.fonts?.ready.then(() => fitNames(el));
  return {
    el,
    tilesChip,
    render(view) {
      el.dataset.count = String(view.seats.length);
      el.replaceChildren(...view.seats.map((s) => seatItem(view, s)));
      if (el.isConnected) fitNames(el);
      else requestAnimationFrame(() => fitNames(el));
      tilesLeft.textContent = String(view.tiles_left);
      // the bag by type is an aid: purist play only counts the tiles
      tilesChip.toggleAttribute('disabled', !aidsAllowed(view));
      tilesChip.setAttribute('title', t.tilesLeft(view.tiles_left));
      tilesChip.setAttribute('aria-label', t.tilesLeft(view.tiles_left));
    },
  };
}
