// The tile art draws every catalogue tile exactly as recorded in art.snapshot.json (follower
// spots, shapes, decorations and the SVG in each rotation). A deliberate change of the art
// regenerates the snapshot: `node tests/art-dump.mjs update`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dump, SNAPSHOT } from './art-dump.mjs';

test('the tile art matches its snapshot for every tile', async () => {
  const want = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
  const got = await dump();
  assert.deepEqual(Object.keys(got), Object.keys(want), 'the same tiles, in catalogue order');
  for (const id of Object.keys(want)) assert.deepEqual(got[id], want[id], `tile ${id}`);
});
