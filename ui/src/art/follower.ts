// Follower pieces as SVG, centred at (0, 0), about 16 units tall (big meeple larger).
import { markOnPiece } from './mark';
import { el } from './svg';

export type FollowerKind = 'meeple' | 'big_meeple' | 'abbot';

const MEEPLE =
  'M-2.5 -4.3C-4.3 -5 -4.2 -8.6 0 -8.6C4.2 -8.6 4.3 -5 2.5 -4.3L7.1 -2.3C8.7 -1.6 8.4 0.8 6.9 0.9' +
  'L3.3 1.2L6.3 7C6.8 8.1 6.2 8.6 5.2 8.6L1.7 8.6L0 4.9L-1.7 8.6L-5.2 8.6C-6.2 8.6 -6.8 8.1 -6.3 7' +
  'L-3.3 1.2L-6.9 0.9C-8.4 0.8 -8.7 -1.6 -7.1 -2.3Z';
const ABBOT =
  'M0 -9C3.6 -8.6 4.8 -5.6 4.1 -2.6C5.6 -1.4 6.3 2.2 6.9 8.6L-6.9 8.6C-6.3 2.2 -5.6 -1.4 -4.1 -2.6C-4.8 -5.6 -3.6 -8.6 0 -9Z';

/** Where a seat's mark sits on each piece (its chest; an abbot's robe below the belt). */
const MARK_AT: Record<FollowerKind, { x: number; y: number; r: number }> = {
  meeple: { x: 0, y: -0.6, r: 2.6 },
  big_meeple: { x: 0, y: -0.6, r: 2.6 },
  abbot: { x: 0, y: 4.6, r: 2.4 },
};

/**
 * A follower silhouette filled with `colour`, with a light halo and a dark outline so that it
 * reads on field, road, city and water alike; with `seat`, the seat's mark on its body (upright
 * even on a lying farmer, so that a triangle stays a triangle).
 */
export function followerSvg(kind: FollowerKind, colour: string, lying = false, seat: number | null = null): SVGGElement {
  const g = el('g', { class: `follower follower-${kind}${lying ? ' farmer' : ''}`, 'data-kind': kind, 'data-lying': String(lying) });
  // a farmer lies on its back, head to the left, as players lay them in fields
  const pose = [kind === 'big_meeple' ? 'scale(1.32)' : '', lying ? 'rotate(-90) scale(0.95 1)' : ''].filter(Boolean).join(' ');
  const inner = el('g', pose ? { transform: pose } : {}, g);
  const d = kind === 'abbot' ? ABBOT : MEEPLE;
  el('path', { d, fill: 'none', stroke: 'rgba(255,255,255,.9)', 'stroke-width': 3.2, 'stroke-linejoin': 'round' }, inner);
  el('path', { d, fill: colour, stroke: '#161616', 'stroke-width': 1.1, 'stroke-linejoin': 'round', class: 'follower-body' }, inner);
  if (kind === 'abbot') {
    // hood opening and rope belt
    el('ellipse', { cx: 0, cy: -4.6, rx: 2.2, ry: 2.6, fill: 'rgba(0,0,0,.45)' }, inner);
    el('path', { d: 'M-4.8 1.6Q0 3 4.8 1.6M1.4 2.4L1 5.6', fill: 'none', stroke: '#161616', 'stroke-width': 0.9, 'stroke-linecap': 'round' }, inner);
  } else {
    // a soft highlight on the head
    el('circle', { cx: -1.3, cy: -6.6, r: 1.1, fill: 'rgba(255,255,255,.45)' }, inner);
  }
  // the big meeple's token sits on its head, leaving the chest to the seat's mark
  if (kind === 'big_meeple') el('circle', { cx: 0, cy: -6.5, r: 1.3, fill: 'rgba(255,255,255,.85)', stroke: '#161616', 'stroke-width': 0.5 }, inner);
  if (seat !== null) {
    const m = MARK_AT[kind];
    const k = kind === 'big_meeple' ? 1.32 : 1;
    // the pose's rotate(-90) takes the body's (x, y) to (y, -x)
    const at = lying ? { x: m.y * k, y: -m.x * k } : { x: m.x * k, y: m.y * k };
    markOnPiece(seat, m.r * k, g, at);
  }
  return g;
}
