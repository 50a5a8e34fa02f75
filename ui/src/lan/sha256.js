// SHA-256 in plain code: `crypto.subtle` exists only in secure contexts, and a table's page is
// plain http on the LAN. Used for the fair-draw commitments (crates/net/src/fair.rs) by the app's
// UI (bundled) and by the host's plain phone page (crates/net serves this very file at
// /sha256.js), so it is plain JavaScript; sha256.d.ts declares it for TypeScript.

const K = [];
const H0 = [];
(() => {
  let n = 2;
  for (let found = 0; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++)
      if (n % d === 0) {
        prime = false;
        break;
      }
    if (!prime) continue;
    if (found < 8) H0[found] = ((Math.pow(n, 1 / 2) % 1) * 4294967296) | 0;
    K[found++] = ((Math.pow(n, 1 / 3) % 1) * 4294967296) | 0;
  }
})();

/** @param {Uint8Array} data @returns {Uint8Array} */
export function sha256(data) {
  const len = data.length;
  const total = ((len + 9 + 63) >> 6) << 6;
  const m = new Uint8Array(total);
  m.set(data);
  m[len] = 0x80;
  const bits = len * 8;
  for (let i = 0; i < 4; i++) m[total - 1 - i] = (bits >>> (8 * i)) & 255;
  m[total - 5] = Math.floor(bits / 4294967296) & 255;
  const h = H0.slice();
  const w = new Int32Array(64);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = (m[off + 4 * i] << 24) | (m[off + 4 * i + 1] << 16) | (m[off + 4 * i + 2] << 8) | m[off + 4 * i + 3];
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15];
      const b = w[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = (h[i] + add[i]) | 0;
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) for (let j = 0; j < 4; j++) out[4 * i + j] = (h[i] >>> (24 - 8 * j)) & 255;
  return out;
}

/** @param {Uint8Array} bytes @returns {string} */
export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** @param {string} s @returns {Uint8Array | null} */
export function fromHex(s) {
  if (!/^[0-9a-fA-F]*$/.test(s) || s.length % 2) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {...Uint8Array} parts @returns {Uint8Array} */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
