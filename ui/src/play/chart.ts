// Each seat's score over the turns, from the turn log's score lines (no scoring in the UI: the
// points are the API's), drawn as SVG lines in the seats' colours, with a text alternative.
import { markPath, seatMark } from '../art/mark';
import { el } from '../art/svg';
import type { GameView } from '../bindings';
import { shownName, t } from '../i18n/index';

/** Per seat, its score after each turn (index 0: before the first), then after final scoring. */
export function scoreSeries(view: Pick<GameView, 'seats' | 'turns' | 'scores' | 'final_scoring'>): number[][] {
  const now = view.seats.map(() => 0);
  const series = view.seats.map(() => [0]);
  const add = (indices: number[]): void => {
    for (const i of indices) {
      const e = view.scores[i]?.entry;
      if (!e) continue;
      for (const w of e.winners) now[w] = (now[w] ?? 0) + e.points;
    }
    now.forEach((v, s) => series[s]!.push(v));
  };
  for (const turn of view.turns) add(turn.scores);
  if (view.final_scoring) add(view.final_scoring.scores);
  return series;
}

const W = 420;
const H = 180;
const PAD = { left: 30, right: 10, top: 10, bottom: 20 };

/** One line of a chart: its points (x = index) in a colour. */
export interface ChartLine {
  points: number[];
  colour: string;
  data?: Record<string, string | number>;
  /** The seat whose mark ends the line (told apart without colour). */
  seat?: number;
}

/**
 * Lines over a shared x axis (0…longest), y from 0 to the highest point, with three y ticks and
 * a label at the x axis's end; `summary` is the text alternative.
 */
export function lineChart(lines: ChartLine[], xLabel: string, summary: string, testid: string, dots = false): SVGSVGElement {
  const n = Math.max(1, ...lines.map((l) => l.points.length - 1));
  const top = Math.max(10, ...lines.flatMap((l) => l.points));
  const x = (i: number): number => PAD.left + (i / n) * (W - PAD.left - PAD.right);
  const y = (v: number): number => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'score-chart', role: 'img', 'aria-label': summary, 'data-testid': testid });
  el('title', {}, svg).textContent = summary;
  const axis = { stroke: 'rgba(60,40,10,.35)', 'stroke-width': 1 };
  el('line', { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), ...axis }, svg);
  el('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y(0), ...axis }, svg);
  for (const v of [0, Math.round(top / 2), top]) {
    el('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-tick' }, svg).textContent = String(v);
  }
  el('text', { x: W - PAD.right, y: H - 4, 'text-anchor': 'end', class: 'chart-tick' }, svg).textContent = xLabel;
  for (const line of lines) {
    const attrs: Record<string, string | number> = { fill: 'none', stroke: line.colour, 'stroke-width': 3, 'stroke-linejoin': 'round' };
    for (const [k, v] of Object.entries(line.data ?? {})) attrs[`data-${k}`] = v;
    el('polyline', { ...attrs, points: line.points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ') }, svg);
    if (dots) line.points.forEach((v, i) => el('circle', { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 4, fill: line.colour }, svg));
    if (line.seat !== undefined) {
      const last = line.points.length - 1;
      const at = `translate(${x(last).toFixed(1)} ${y(line.points[last] ?? 0).toFixed(1)})`;
      el('path', { d: markPath(seatMark(line.seat), 5), transform: at, fill: line.colour, stroke: '#161616', 'stroke-width': 1.2, class: 'chart-mark' }, svg);
    }
  }
  return svg;
}

/** The chart of a game; its label says each seat's final score for screen readers. */
export function scoreChart(view: GameView): SVGSVGElement {
  const series = scoreSeries(view);
  const summary = t.chartSummary(view.seats.map((s, i) => [shownName(s), series[i]?.[series[i]!.length - 1] ?? 0]));
  const lines = series.map((points, s) => ({
    points,
    colour: view.seats[s]?.colour ?? '#888',
    data: { seat: s, final: points[points.length - 1] ?? 0 },
    seat: s,
  }));
  return lineChart(lines, t.chartTurns(view.turns.length), summary, 'score-chart');
}
