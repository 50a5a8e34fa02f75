// The web app's icons (PNG, as installability asks), drawn here pixel by pixel so the project
// keeps no binary files: a tile with a city along its top edge and a road, on the app's wood.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG of `size`×`size` whose pixel (x, y) has the colour `paint(u, v)` (u, v in 0..1). */
function png(size, paint) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = paint((x + 0.5) / size, (y + 0.5) / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const WOOD = [78, 48, 25];
const GRASS = [106, 154, 58];
const CITY = [222, 196, 140];
const WALL = [120, 86, 48];
const ROAD = [240, 232, 210];

/** The icon: a maskable design (everything that matters inside the middle 80%). */
function paint(u, v) {
  const inTile = u > 0.16 && u < 0.84 && v > 0.16 && v < 0.84;
  if (!inTile) return WOOD;
  // the city: a cap along the top edge, bounded by an arc, with a wall line
  const d = Math.hypot(u - 0.5, v - 0.02);
  if (d < 0.36) return CITY;
  if (d < 0.385) return WALL;
  // the road: from the city gate down to the bottom edge
  if (Math.abs(u - 0.5) < 0.045) return ROAD;
  return GRASS;
}

export function icons() {
  return { 'icon-192.png': png(192, paint), 'icon-512.png': png(512, paint) };
}
