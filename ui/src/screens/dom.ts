// Small DOM helpers shared by the screens.
import { el } from '../art/svg';
import { followerSvg } from '../art/index';
import { markPath, seatMark } from '../art/mark';
import type { FollowerKind } from '../bindings';
import { t } from '../i18n/index';

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  testid?: string;
  /** data-* attributes (without the prefix). */
  data?: Record<string, string | number>;
  /** Plain attributes (aria-*, role, ...). */
  attrs?: Record<string, string | number | boolean | null | undefined>;
  on?: { [E in keyof HTMLElementEventMap]?: (ev: HTMLElementEventMap[E]) => void };
  /** Any other key is set as a DOM property (value, type, disabled, checked...). */
  [prop: string]: unknown;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  const { class: cls, testid, data, attrs, on, ...rest } = props;
  if (cls) e.className = cls;
  if (testid) e.dataset.testid = testid;
  if (data) for (const [k, v] of Object.entries(data)) e.dataset[k] = String(v);
  if (attrs)
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      e.setAttribute(k, v === true ? '' : String(v));
    }
  for (const [k, v] of Object.entries(rest)) (e as unknown as Record<string, unknown>)[k] = v;
  if (on)
    for (const [k, fn] of Object.entries(on))
      if (fn) e.addEventListener(k, fn as EventListener);
  append(e, children);
  return e;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** A tiny standalone SVG of a follower piece in `colour` (for chips and lists), with `seat`'s mark. */
export function followerIcon(kind: FollowerKind, colour: string, size = 22, lying = false, seat: number | null = null): SVGSVGElement {
  const svg = el('svg', { viewBox: '-12 -12 24 24', width: size, height: size, class: 'follower-icon', 'aria-hidden': 'true' });
  svg.appendChild(followerSvg(kind, colour, lying, seat));
  return svg;
}

/**
 * A seat's token beside its name: its mark's shape filled with its colour and edged in dark,
 * so that the shape alone tells seats apart (`seat` null: a grey dot for nobody).
 */
export function seatToken(seat: number | null, colour: string, size = 14): SVGSVGElement {
  const mark = seat === null ? 'circle' : seatMark(seat);
  const svg = el('svg', { viewBox: '-6 -6 12 12', width: size, height: size, class: 'seat-token', 'aria-hidden': 'true', 'data-mark': seat === null ? '' : mark });
  el('path', { d: markPath(mark, 4.2), fill: colour, stroke: '#161616', 'stroke-width': 1, 'stroke-linejoin': 'round' }, svg);
  return svg;
}

const ICONS: Record<string, string> = {
  rotate: 'M19.5 8.5A8 8 0 1 0 20 14M20 3v6h-6',
  confirm: 'M4 12.5l5 5L20 6.5',
  takeBack: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  undo: 'M8 5L4 9l4 4M4 9h11a5 5 0 0 1 0 10h-5',
  stepBack: 'M15 5l-7 7 7 7',
  stepForward: 'M9 5l7 7-7 7',
  skipBack: 'M6 5v14M19 5l-9 7 9 7z',
  skipForward: 'M18 5v14M5 5l9 7-9 7z',
  pause: 'M8 5v14M16 5v14',
  home: 'M3 11l9-8 9 8M5.5 9.5V20h5v-6h3v6h5V9.5',
  back: 'M15 4l-8 8 8 8',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  close: 'M6 6l12 12M18 6L6 18',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z',
  list: 'M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01',
  target: 'M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  tiles: 'M4 8h12v12H4zM8 4h12v12',
  download: 'M12 4v11M7 10.5l5 5 5-5M5 20h14',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5M9 9h6v6H9z',
  sound: 'M4 9.5h4l5-4.5v14l-5-4.5H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  soundOff: 'M4 9.5h4l5-4.5v14l-5-4.5H4zM17 9.5l5 5M22 9.5l-5 5',
  crown: 'M3 18h18M4 16l-1-9 5 4 4-7 4 7 5-4-1 9z',
  mask: 'M3 9c3-2 15-2 18 0-1 5-4 7-6 7-1.5 0-2-1.5-3-1.5S10.5 16 9 16c-2 0-5-2-6-7zM8 11h2M14 11h2',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  pencil: 'M4 20l1-5L16 4l4 4L9 19zM14 6l4 4',
  dice: 'M5 4h14v16H5zM9 8h.01M15 8h.01M12 12h.01M9 16h.01M15 16h.01',
  play: 'M7 4l13 8-13 8z',
  gear: 'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1',
  people: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-4 3-6 6.5-6s6 2 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2 .7 3.3 2.7 3.5 6',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  farm: 'M3 20h18M7 20V8M7 12l-3-2.5M7 12l3-2.5M7 16l-3-2.5M7 16l3-2.5M17 20V6M17 10l-3-2.5M17 10l3-2.5M17 14l-3-2.5M17 14l3-2.5',
  chart: 'M4 4v16h16M7 15l4-5 3 3 5-6',
  book: 'M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5M12 6.5C14 5 17 4.5 20.5 5v13c-3.5-.5-6.5 0-8.5 1.5M12 6.5v13',
  keyboard: 'M2.5 6.5h19v11h-19zM6 10h.01M9.3 10h.01M12.6 10h.01M15.9 10h.01M18.5 10h.01M7 14h10',
};

/** A stroke icon (24 × 24) by name. */
export function icon(name: keyof typeof ICONS | string, size = 22): SVGSVGElement {
  const svg = el('svg', { viewBox: '0 0 24 24', width: size, height: size, class: `icon icon-${name}`, 'aria-hidden': 'true' });
  el('path', { d: ICONS[name] ?? '', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, svg);
  return svg;
}

/** A button with an icon and a label. */
export function button(label: string, props: Props = {}, iconName?: string): HTMLButtonElement {
  return h('button', { type: 'button', ...props }, iconName ? icon(iconName) : null, h('span', { class: 'label' }, label));
}

/** The screen header: a back button (data-testid="back") and a title. */
export function header(title: string, onBack: () => void, ...extra: Child[]): HTMLElement {
  return h(
    'header',
    { class: 'screen-head' },
    button('', { testid: 'back', class: 'icon-btn', attrs: { 'aria-label': t.back, title: t.back }, on: { click: onBack } }, 'back'),
    h('h1', {}, title),
    ...extra,
  );
}
