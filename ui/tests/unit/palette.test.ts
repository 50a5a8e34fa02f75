// The seat palette stays colour-blind safe (issue 33 item 4): every pair of the six seat
// colours, and every colour against what a follower stands on, stays apart for a viewer with
// normal vision and under simulated protanopia, deuteranopia and tritanopia.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PALETTE } from '../../src/art/tile';
import { SEAT_MARKS, markPath, seatMark } from '../../src/art/mark';
import { seenDifference, deltaE2000, type Vision } from './colour-vision';

const UI = process.env.UI_DIR ?? '';
assert.ok(UI, 'run through tests/unit/run.mjs, which sets UI_DIR');

/** The palette as the app offers it: `COLOURS` in crates/table (app_info's `colours`). */
function seatColours(): string[] {
  const src = readFileSync(join(UI, '..', 'crates', 'table', 'src', 'lib.rs'), 'utf8');
  const body = /pub const COLOURS: \[&str; \d+\] = \[([^\]]*)\]/.exec(src)?.[1] ?? '';
  return [...body.matchAll(/"(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]!.toLowerCase());
}

/** The board's wood behind the tiles (style.css `.board-wrap`, its gradient's two stops). */
function boardWood(): string[] {
  const css = readFileSync(join(UI, 'static', 'style.css'), 'utf8');
  const rule = /\.board-wrap \{[^}]*linear-gradient\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/i.exec(css);
  assert.ok(rule, 'the board background is found in style.css');
  return [rule[1]!, rule[2]!];
}

const VISIONS: Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

// CIEDE2000 ≈ 1 is a just-noticeable difference side by side; 10 and more reads as a different
// colour at a glance, on small pieces apart on the board. The palette before this test had 5.8
// between its orange and its green under protanopia.
const MIN_BETWEEN_SEATS = 10;
// A follower has a light halo and a dark outline of its own, so its fill needs less distance
// from the ground it stands on than from another seat; 6 still keeps it from melting into it.
const MIN_AGAINST_GROUND = 6;

test('the palette has six seat colours, all different', () => {
  const colours = seatColours();
  assert.equal(colours.length, 6, String(colours));
  assert.equal(new Set(colours).size, 6);
});

test('every pair of seat colours stays apart under protanopia, deuteranopia and tritanopia', () => {
  const colours = seatColours();
  const close: string[] = [];
  for (const v of VISIONS)
    for (let i = 0; i < colours.length; i++)
      for (let j = i + 1; j < colours.length; j++) {
        const d = seenDifference(colours[i]!, colours[j]!, v);
        if (d < MIN_BETWEEN_SEATS) close.push(`${colours[i]} ~ ${colours[j]} (${v}): ΔE00 ${d.toFixed(1)}`);
      }
  assert.deepEqual(close, []);
});

test('every seat colour stands out from the board and the tiles a follower stands on', () => {
  const grounds: Record<string, string> = { field: PALETTE.field, road: PALETTE.road, city: PALETTE.city };
  boardWood().forEach((c, i) => (grounds[`board ${i}`] = c));
  const close: string[] = [];
  for (const v of VISIONS)
    for (const c of seatColours())
      for (const [name, g] of Object.entries(grounds)) {
        const d = seenDifference(c, g, v);
        if (d < MIN_AGAINST_GROUND) close.push(`${c} on ${name} (${v}): ΔE00 ${d.toFixed(1)}`);
      }
  assert.deepEqual(close, []);
});

test('the CIEDE2000 implementation matches Sharma, Wu & Dalal’s published test pairs', () => {
  // pairs 1, 7, 13 and 25 of the paper's table 1
  const pairs: [[number, number, number], [number, number, number], number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ];
  for (const [p, q, want] of pairs) assert.ok(Math.abs(deltaE2000(p, q) - want) < 1e-3, `${p} ${q}: ${deltaE2000(p, q)} ≠ ${want}`);
});

test('six seats carry six different marks, each a drawable shape', () => {
  const marks = [0, 1, 2, 3, 4, 5].map(seatMark);
  assert.equal(new Set(marks).size, 6);
  assert.deepEqual(marks, [...SEAT_MARKS]);
  for (const m of marks) assert.match(markPath(m, 3), /^M[-\d. ]+[A-Z]/);
});
