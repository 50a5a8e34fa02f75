// A seat's mark: a shape drawn on its followers and beside its name, so that seats are told
// apart without colour (greyscale, colour-blind players). The mark follows the seat's index,
// not its colour: a profile may play in any colour (even one shared with an old game's seat or
// outside the palette), while seat indices are always distinct within a game.
import { el } from './svg';

/** The shapes, in seat order: each one reads differently in outline alone. */
export const SEAT_MARKS = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross'] as const;
export type SeatMark = (typeof SEAT_MARKS)[number];

/** The mark of seat `seat` (seats past the sixth reuse the shapes in order). */
export function seatMark(seat: number): SeatMark {
  return SEAT_MARKS[((seat % SEAT_MARKS.length) + SEAT_MARKS.length) % SEAT_MARKS.length]!;
}

function star(r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.45 : r;
    pts.push(`${(Math.cos(a) * d).toFixed(2)} ${(Math.sin(a) * d).toFixed(2)}`);
  }
  return `M${pts.join('L')}Z`;
}

/** The outline of `mark` as a path centred at (0, 0), about 2·`r` across (same area feel). */
export function markPath(mark: SeatMark, r: number): string {
  const f = (n: number): string => n.toFixed(2);
  switch (mark) {
    case 'circle':
      return `M${f(-r)} 0A${f(r)} ${f(r)} 0 1 0 ${f(r)} 0A${f(r)} ${f(r)} 0 1 0 ${f(-r)} 0Z`;
    case 'square': {
      const s = r * 0.86;
      return `M${f(-s)} ${f(-s)}H${f(s)}V${f(s)}H${f(-s)}Z`;
    }
    case 'triangle':
      return `M0 ${f(-r * 1.1)}L${f(r * 1.05)} ${f(r * 0.8)}H${f(-r * 1.05)}Z`;
    case 'diamond':
      return `M0 ${f(-r * 1.2)}L${f(r)} 0L0 ${f(r * 1.2)}L${f(-r)} 0Z`;
    case 'star':
      return star(r * 1.25);
    case 'cross': {
      const a = r * 0.36;
      const b = r * 1.05;
      return `M${f(-a)} ${f(-b)}H${f(a)}V${f(-a)}H${f(b)}V${f(a)}H${f(a)}V${f(b)}H${f(-a)}V${f(a)}H${f(-b)}V${f(-a)}H${f(-a)}Z`;
    }
  }
}

/**
 * The mark drawn onto a piece: a light shape with a dark edge, which reads on a dark body and
 * a light one alike.
 */
export function markOnPiece(seat: number, r: number, parent: Element, at: { x: number; y: number }): SVGPathElement {
  const mark = seatMark(seat);
  return el('path', {
    d: markPath(mark, r),
    transform: `translate(${at.x} ${at.y})`,
    fill: '#fffdf6',
    stroke: '#161616',
    'stroke-width': 0.7,
    'stroke-linejoin': 'round',
    class: 'seat-mark',
    'data-mark': mark,
  }, parent);
}
