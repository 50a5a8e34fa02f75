// Small 2-D helpers for the tile art (100 × 100 box, y grows south).
import type { Pt, Rotation } from './model';

export const pt = (x: number, y: number): Pt => ({ x, y });
export const add = (a: Pt, b: Pt): Pt => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
export const mul = (a: Pt, k: number): Pt => ({ x: a.x * k, y: a.y * k });
export const lerp = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);
export const len = (a: Pt): number => Math.hypot(a.x, a.y);
export const norm = (a: Pt): Pt => {
  const l = len(a) || 1;
  return { x: a.x / l, y: a.y / l };
};
/** Left-hand normal in screen coordinates (rotate -90°). */
export const perp = (a: Pt): Pt => ({ x: a.y, y: -a.x });

/** 90° clockwise steps about (50, 50): N (50,0) → E (100,50). */
export function rot(p: Pt, r: number): Pt {
  let { x, y } = p;
  for (let i = 0; i < (((r % 4) + 4) % 4); i++) [x, y] = [100 - y, x];
  return { x, y };
}
export const rotAll = (ps: Pt[], r: number): Pt[] => ps.map((p) => rot(p, r));
export const mirrorX = (ps: Pt[]): Pt[] => ps.map((p) => ({ x: 100 - p.x, y: p.y }));

export function rotationTransform(rotation: Rotation | number): string {
  return `rotate(${90 * (((rotation % 4) + 4) % 4)} 50 50)`;
}

export function cubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n = 20): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push({
      x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
      y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
    });
  }
  return out;
}

export function arc(c: Pt, r: number, a0: number, a1: number, n = 20): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    out.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
  }
  return out;
}

/** Concatenate polylines, dropping a repeated joint point. */
export function join(...parts: Pt[][]): Pt[] {
  const out: Pt[] = [];
  for (const part of parts)
    for (const p of part) {
      const last = out[out.length - 1];
      if (!last || dist(last, p) > 1e-6) out.push(p);
    }
  return out;
}

export function polylineLength(ps: Pt[]): number {
  let l = 0;
  for (let i = 1; i < ps.length; i++) l += dist(ps[i - 1]!, ps[i]!);
  return l;
}

/** Point and unit direction at arc length s along a polyline. */
export function along(ps: Pt[], s: number): { p: Pt; dir: Pt } {
  let acc = 0;
  for (let i = 1; i < ps.length; i++) {
    const a = ps[i - 1]!;
    const b = ps[i]!;
    const d = dist(a, b);
    if (acc + d >= s || i === ps.length - 1) {
      const t = d > 0 ? Math.min(1, Math.max(0, (s - acc) / d)) : 0;
      return { p: lerp(a, b, t), dir: norm(sub(b, a)) };
    }
    acc += d;
  }
  const p = ps[0] ?? pt(50, 50);
  return { p, dir: pt(1, 0) };
}

/** Resample a polyline at (about) equal steps. */
export function resample(ps: Pt[], step: number): Pt[] {
  const L = polylineLength(ps);
  const n = Math.max(2, Math.ceil(L / step));
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) out.push(along(ps, (L * i) / n).p);
  return out;
}

export function distToSeg(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export function nearestOnSeg(p: Pt, a: Pt, b: Pt): Pt {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

export function distToPolyline(p: Pt, ps: Pt[]): number {
  let best = Infinity;
  for (let i = 1; i < ps.length; i++) best = Math.min(best, distToSeg(p, ps[i - 1]!, ps[i]!));
  if (ps.length === 1) best = dist(p, ps[0]!);
  return best;
}

export function nearestOnPolyline(p: Pt, ps: Pt[]): Pt {
  let best = Infinity;
  let bp = ps[0] ?? p;
  for (let i = 1; i < ps.length; i++) {
    const q = nearestOnSeg(p, ps[i - 1]!, ps[i]!);
    const d = dist(p, q);
    if (d < best) {
      best = d;
      bp = q;
    }
  }
  return bp;
}

export function pointInPoly(p: Pt, poly: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function distToPolyBoundary(p: Pt, poly: Pt[]): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) best = Math.min(best, distToSeg(p, poly[j]!, poly[i]!));
  return best;
}

export interface BBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export function bbox(ps: Pt[], pad = 0): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of ps) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
}
export function distToBBox(p: Pt, b: BBox): number {
  const dx = Math.max(b.x0 - p.x, 0, p.x - b.x1);
  const dy = Math.max(b.y0 - p.y, 0, p.y - b.y1);
  return Math.hypot(dx, dy);
}

/** Distance from a point to the tile's border (0 on the border). */
export const borderDist = (p: Pt): number => Math.min(p.x, p.y, 100 - p.x, 100 - p.y);

/** Deterministic pseudo-random numbers from a string seed. */
export function rng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An irregular closed blob (lake) around c. */
export function blob(c: Pt, rx: number, ry: number, angle: number, seed: string, n = 40): Pt[] {
  const r = rng(seed);
  const p1 = r() * 6.28;
  const p2 = r() * 6.28;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + 0.07 * Math.sin(3 * a + p1) + 0.05 * Math.sin(5 * a + p2);
    const x = rx * k * Math.cos(a);
    const y = ry * k * Math.sin(a);
    out.push({ x: c.x + x * ca - y * sa, y: c.y + x * sa + y * ca });
  }
  return out;
}

export const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

export function pathD(ps: Pt[], closed = false): string {
  if (ps.length === 0) return '';
  let d = `M${fmt(ps[0]!.x)} ${fmt(ps[0]!.y)}`;
  for (let i = 1; i < ps.length; i++) d += `L${fmt(ps[i]!.x)} ${fmt(ps[i]!.y)}`;
  return closed ? d + 'Z' : d;
}

/** Offset a polyline sideways by d (positive = left of travel direction in screen terms). */
export function offsetPolyline(ps: Pt[], d: number): Pt[] {
  return ps.map((p, i) => {
    const a = ps[Math.max(0, i - 1)]!;
    const b = ps[Math.min(ps.length - 1, i + 1)]!;
    const n = perp(norm(sub(b, a)));
    return add(p, mul(n, d));
  });
}

export function centroid(ps: Pt[]): Pt {
  if (!ps.length) return { x: 50, y: 50 };
  let x = 0;
  let y = 0;
  for (const p of ps) {
    x += p.x;
    y += p.y;
  }
  return { x: x / ps.length, y: y / ps.length };
}
