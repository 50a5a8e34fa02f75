// Each seat's score over the turns, from the turn log's score lines (no scoring in the UI: the
// points are the API's), drawn as SVG lines in the seats' colours, with a text alternative.
import { el } from '../art/svg';
import type { GameView } from '../bindings';
import { t } from '../i18n/index';

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

/** The chart; its label says each seat's final score for screen readers. */
export function scoreChart(view: GameView): SVGSVGElement {
  const series = scoreSeries(view);
  const n = Math.max(1, (series[0]?.length ?? 1) - 1);
  const top = Math.max(10, ...series.flat());
  const x = (i: number): number => PAD.left + (i / n) * (W - PAD.left - PAD.right);
  const y = (v: number): number => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const summary = t.chartSummary(view.seats.map((s, i) => [s.name, series[i]?.[series[i]!.length - 1] ?? 0]));
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'score-chart', role: 'img', 'aria-label': summary, 'data-testid': 'score-chart' });
  el('title', {}, svg).textContent = summary;
  const axis = { stroke: 'rgba(60,40,10,.35)', 'stroke-width': 1 };
  el('line', { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), ...axis }, svg);
  el('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y(0), ...axis }, svg);
  for (const v of [0, Math.round(top / 2), top]) {
    el('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-tick' }, svg).textContent = String(v);
  }
  el('text', { x: W - PAD.right, y: H - 4, 'text-anchor': 'end', class: 'chart-tick' }, svg).textContent = t.chartTurns(view.turns.length);
  series.forEach((points, s) => {
    const colour = view.seats[s]?.colour ?? '#888';
    el('polyline', {
      points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
      fill: 'none',
      stroke: colour,
      'stroke-width': 3,
      'stroke-linejoin': 'round',
      'data-seat': s,
      'data-final': points[points.length - 1] ?? 0,
    }, svg);
  });
  return svg;
}
