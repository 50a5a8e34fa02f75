// The phone page's check of the fair draw against a host that swaps its secret: the page pins
// the host's first commitment (and every share commitment) in its storage, so neither a
// reconnection nor a reload lets a later snapshot replace it (issue 27, finding 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LanClient, type ConnEvents, type Dial } from '../../src/lan/client';
import { deriveSeed, shareHash } from '../../src/lan/fair';
import { concat, fromHex, sha256, toHex } from '../../src/lan/sha256';

// The page's storage and timers, as a browser has them.
const store = new Map<string, string>();
Object.assign(globalThis, {
  window: globalThis,
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

/** A connection the test plays the host on: what the page sent, and a way to answer. */
function fakeHost(): { dial: Dial; sent: Record<string, unknown>[]; say: (msg: object) => void; sayText: (text: string) => void } {
  const sent: Record<string, unknown>[] = [];
  let events: ConnEvents | null = null;
  const dial: Dial = (ev) => {
    events = ev;
    queueMicrotask(() => ev.open());
    return { send: (text) => sent.push(JSON.parse(text) as Record<string, unknown>), close: () => undefined };
  };
  return { dial, sent, say: (msg) => events?.message(JSON.stringify(msg)), sayText: (text) => events?.message(text) };
}

const COMMIT = new TextEncoder().encode('carcassonne-net/commit/v1');
const commitmentOf = (secret: string): string => toHex(sha256(concat(COMMIT, fromHex(secret)!)));
const FIRST_SECRET = '11'.repeat(32);
const OTHER_SECRET = '22'.repeat(32);
const ANN_SHARE = 'aa'.repeat(32);
const ROOM = 'PINS1';

function snapshot(o: { state: number; phase: string; commitment: string; commitments: (string | null)[] | null; contributions: (string | null)[] }): object {
  const seats = [0, 1].map((i) => ({ kind: 'human', name: i ? 'Bo' : 'Ann', connected: true }));
  return {
    protocol: 1,
    room: ROOM,
    state: o.state,
    phase: o.phase,
    lobby: { seats, sets: [], options: {} },
    setup: {},
    commitment: o.commitment,
    committed: o.phase === 'drawing' ? [true, false] : [true, true],
    commitments: o.commitments,
    contributed: o.contributions.map((c) => c !== null),
    contributions: o.contributions,
    history: [],
    pending: null,
    scores: [],
    remaining: 0,
    legal: [],
    result: null,
    chat: [],
    view: null,
  };
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/**
 * Bo's page draws with the host (whose secret is FIRST_SECRET), is reloaded, and finds the
 * host back with `secret` (restarted from its table file, perhaps edited); the game ends and
 * the page checks it.
 */
async function playWithHostSecret(secret: string): Promise<LanClient> {
  store.clear();
  const before = fakeHost();
  const page = new LanClient(before.dial, { room: ROOM, name: 'Bo', as: 'player' });
  await tick();
  const first = commitmentOf(FIRST_SECRET);
  before.say({ type: 'welcome', you: { role: 'player', seat: 1, token: 'tok' }, snapshot: snapshot({ state: 5, phase: 'drawing', commitment: first, commitments: null, contributions: [] }) });
  const commit = before.sent.find((m) => m.type === 'commit');
  assert.ok(commit, 'Bo commits');
  before.say({ type: 'reveal_now', state: 6, commitments: [shareHash(ANN_SHARE), commit.hash] });
  const reveal = before.sent.find((m) => m.type === 'contribute');
  assert.ok(reveal, 'Bo reveals');
  const boShare = String(reveal.contribution);
  page.close();

  // The page is reloaded while the host is away; the host comes back.
  const after = fakeHost();
  const reloaded = new LanClient(after.dial, { room: ROOM, name: 'Bo', as: 'player' });
  await tick();
  assert.deepEqual(after.sent[0]?.join, { as: 'resume', token: 'tok' }, 'the seat survives the reload');
  const commitment = commitmentOf(secret);
  const contributions = [ANN_SHARE, boShare];
  const commitments = [shareHash(ANN_SHARE), shareHash(boShare)];
  after.say({ type: 'welcome', you: { role: 'player', seat: 1, token: 'tok' }, snapshot: snapshot({ state: 7, phase: 'playing', commitment, commitments, contributions }) });
  // The host ends the game, with a record whose seed does come from its (new) secret (as
  // text: the seed does not fit a JS number).
  const seed = deriveSeed(secret, contributions);
  const result = `{"record":{"seed":${seed}},"scores":[0,0],"secret":"${secret}","commitment":"${commitment}","contributions":${JSON.stringify(contributions)}}`;
  after.sayText(`{"type":"game_over","state":8,"result":${result}}`);
  return reloaded;
}

test('an honest host that comes back with its secret checks out after a reload', async () => {
  const page = await playWithHostSecret(FIRST_SECRET);
  assert.deepEqual(page.fair, { ok: true, problem: null });
});

test('a host that comes back with another secret is caught, even after a reload', async () => {
  const page = await playWithHostSecret(OTHER_SECRET);
  assert.equal(page.fair?.ok, false);
  assert.deepEqual(page.fair?.problem, { check: 'unfair', reason: { problem: 'commitment_changed' } });
});
