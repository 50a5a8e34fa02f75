// Colour-vision deficiency simulation and colour difference, for the palette test.
// Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", matrices at severity 1.0 (dichromacy), applied to
// linear sRGB. Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) between CIELAB colours (D65).

export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';
type M3 = [[number, number, number], [number, number, number], [number, number, number]];

export const MACHADO_2009: Record<Vision, M3> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

type V3 = [number, number, number];

function toLinear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** `#rrggbb` as linear sRGB. */
export function linearRgb(hex: string): V3 {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a colour: ${hex}`);
  return [toLinear(parseInt(m[1]!, 16)), toLinear(parseInt(m[2]!, 16)), toLinear(parseInt(m[3]!, 16))];
}

/** How a dichromat of `vision` sees linear sRGB `c` (clamped to the gamut). */
export function simulate(c: V3, vision: Vision): V3 {
  const m = MACHADO_2009[vision];
  return m.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2]))) as V3;
}

/** Linear sRGB to CIELAB (D65 white). */
export function lab(c: V3): V3 {
  const x = 0.4124564 * c[0] + 0.3575761 * c[1] + 0.1804375 * c[2];
  const y = 0.2126729 * c[0] + 0.7151522 * c[1] + 0.072175 * c[2];
  const z = 0.0193339 * c[0] + 0.119192 * c[1] + 0.9503041 * c[2];
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const fx = f(x / 0.95047);
  const fy = f(y);
  const fz = f(z / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const rad = (d: number): number => (d * Math.PI) / 180;
const deg = (r: number): number => (r * 180) / Math.PI;

/** CIEDE2000 colour difference between two CIELAB colours. */
export function deltaE2000(p: V3, q: V3): number {
  const [L1, a1, b1] = p;
  const [L2, a2, b2] = q;
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1 = Math.hypot(a1p, b1);
  const C2 = Math.hypot(a2p, b2);
  const h = (b: number, a: number): number => (a === 0 && b === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1 = h(b1, a1p);
  const h2 = h(b2, a2p);
  let dh = 0;
  if (C1 * C2 !== 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const dL = L2 - L1;
  const dC = C2 - C1;
  const dH = 2 * Math.sqrt(C1 * C2) * Math.sin(rad(dh / 2));
  const Lb = (L1 + L2) / 2;
  const Cb = (C1 + C2) / 2;
  let hb = h1 + h2;
  if (C1 * C2 !== 0) hb = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  const T = 1 - 0.17 * Math.cos(rad(hb - 30)) + 0.24 * Math.cos(rad(2 * hb)) + 0.32 * Math.cos(rad(3 * hb + 6)) - 0.2 * Math.cos(rad(4 * hb - 63));
  const dTheta = 30 * Math.exp(-(((hb - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lb - 50) ** 2) / Math.sqrt(20 + (Lb - 50) ** 2);
  const Sc = 1 + 0.045 * Cb;
  const Sh = 1 + 0.015 * Cb * T;
  const Rt = -Math.sin(rad(2 * dTheta)) * Rc;
  return Math.sqrt((dL / Sl) ** 2 + (dC / Sc) ** 2 + (dH / Sh) ** 2 + Rt * (dC / Sc) * (dH / Sh));
}

/** The difference between two `#rrggbb` colours as a viewer of `vision` sees them. */
export function seenDifference(x: string, y: string, vision: Vision): number {
  return deltaE2000(lab(simulate(linearRgb(x), vision)), lab(simulate(linearRgb(y), vision)));
}
