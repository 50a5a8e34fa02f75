// The fair draw from a player's side (crates/net/src/fair.rs): commit to a random share, reveal
// it when asked, and at the end check what a browser can check without the engine.
import type { FairnessError, LanCheckProblem, SeatView } from '../bindings';
import { concat, fromHex, sha256, toHex } from './sha256';

const enc = new TextEncoder();
const CONTRIBUTION = enc.encode('carcassonne-net/contribution/v1');
const COMMIT = enc.encode('carcassonne-net/commit/v1');
const SEED = enc.encode('carcassonne-net/seed/v1');

export function newShare(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

export function shareHash(share: string): string {
  return toHex(sha256(concat(CONTRIBUTION, fromHex(share) ?? new Uint8Array())));
}

/** The game seed the host had to use (a decimal string: it does not fit a JS number). */
export function deriveSeed(secret: string, contributions: (string | null)[]): string | null {
  const s = fromHex(secret);
  if (!s || s.length !== 32) return null;
  const parts: Uint8Array[] = [SEED, s];
  for (const c of contributions) {
    if (c === null) parts.push(new Uint8Array([0]));
    else {
      const b = fromHex(c);
      if (!b || b.length !== 32) return null;
      parts.push(new Uint8Array([1]), b);
    }
  }
  const d = sha256(concat(...parts));
  let n = 0n;
  for (let i = 7; i >= 0; i--) n = (n << 8n) | BigInt(d[i]!);
  return n.toString();
}

/**
 * Why a game does not check out: the app's verdict (`lan_verify`) or this page's own check, as
 * facts (`t.fairProblem` words them); `not_checked` when the app could not be asked.
 */
export type FairProblem = LanCheckProblem | { check: 'not_checked' } | { check: 'draw_differs'; draw: number; reason: FairnessError };

export interface FairCheck {
  ok: boolean;
  problem: FairProblem | null;
  /** The draws were replayed by the engine (the app), not only the hashes checked. */
  replayed?: boolean;
  /** The game as kept in this device's history (the app keeps a game whose draws checked out). */
  game?: number | null;
}

/**
 * What this page pins the first time the host shows it, for the whole game (kept with the
 * seat in the page's storage, so a reload keeps it too): the host's commitment, each seat's
 * share commitment and the shares of the seed. A host that shows others later — say after a
 * restart with another secret, chosen once it saw the shares — fails the check.
 * (crates/net/src/fair.rs `Pins` is the same for the app.)
 */
export interface Pins {
  commitment?: string;
  /** Per seat, the first share commitment seen (a seat may lose it during the draw, never change it). */
  commitments?: (string | null)[];
  contributions?: (string | null)[];
  /** The first difference seen. */
  broken?: FairnessError;
}

/** Pins the host's commitment as shown now; true when the pins changed. */
export function pinCommitment(p: Pins, shown: string): boolean {
  const c = shown.toLowerCase();
  if (p.commitment === undefined) {
    p.commitment = c;
    return true;
  }
  return p.commitment !== c && breakPins(p, { problem: 'commitment_changed' });
}

/** Pins the share commitments as shown now; true when the pins changed. */
export function pinCommitments(p: Pins, shown: (string | null)[]): boolean {
  const pinned = p.commitments ?? [];
  let changed = p.commitments === undefined;
  p.commitments = pinned;
  shown.forEach((c, seat) => {
    while (pinned.length <= seat) pinned.push(null);
    if (c === null || c === undefined) return;
    const lower = c.toLowerCase();
    const first = pinned[seat];
    if (first === null || first === undefined) {
      pinned[seat] = lower;
      changed = true;
    } else if (first !== lower) changed = breakPins(p, { problem: 'share_commitment_changed', seat }) || changed;
  });
  return changed;
}

/** Pins the shares of the seed as shown now (once the game began); true when the pins changed. */
export function pinContributions(p: Pins, shown: (string | null)[]): boolean {
  if (p.contributions === undefined) {
    p.contributions = [...shown];
    return true;
  }
  const same = p.contributions.length === shown.length && p.contributions.every((c, i) => c === shown[i]);
  return !same && breakPins(p, { problem: 'contributions_changed' });
}

function breakPins(p: Pins, e: FairnessError): boolean {
  if (p.broken) return false;
  p.broken = e;
  return true;
}

const unfair = (reason: FairnessError): FairCheck => ({ ok: false, problem: { check: 'unfair', reason } });

/** What a page saw of a finished game, for the check of its draws. */
export interface SeenGame {
  /** The host's secret and the shares, as revealed at the end. */
  secret: string;
  pins: Pins;
  contributions: (string | null)[];
  mine: { seat: number; share: string } | null;
  recordSeed: string | null;
  /** The tile of every placement, in order, as shown live. */
  placed: string[];
  /** The host's message that carried the result, as received. */
  message: string;
  /** The seats as the table showed them, and this page's own: the game as kept in history. */
  seats: SeatView[];
  you: number | null;
  /** The game this page already kept from this table (a reload checks again, keeps nothing). */
  kept: number | null;
}

/**
 * The checks a page without the engine can make at the end: the host never showed other
 * commitments or shares than the pinned ones, the secret matches the commitment published
 * before any share, every share used matches its commitment, this player's share is in, and
 * the seed in the record is the one they make. (Replaying the draws needs the engine: the app
 * and the web app do it, see replay.ts.)
 */
export function checkDraws(o: SeenGame): FairCheck {
  if (o.pins.broken) return unfair(o.pins.broken);
  const commitment = o.pins.commitment ?? '';
  if (o.pins.contributions && !sameList(o.pins.contributions, o.contributions)) return unfair({ problem: 'contributions_changed' });
  const secret = fromHex(o.secret);
  if (!secret || secret.length !== 32) return unfair({ problem: 'malformed', what: 'secret' });
  if (toHex(sha256(concat(COMMIT, secret))) !== commitment) return unfair({ problem: 'commitment_mismatch' });
  if (o.mine && o.contributions[o.mine.seat] !== o.mine.share) return unfair({ problem: 'my_contribution_missing' });
  for (let seat = 0; seat < o.contributions.length; seat++) {
    const c = o.contributions[seat];
    if (c === null || c === undefined) continue;
    if (o.pins.commitments?.[seat] !== shareHash(c)) return unfair({ problem: 'not_committed', seat });
  }
  const seed = deriveSeed(o.secret, o.contributions);
  if (seed === null || seed !== o.recordSeed) return unfair({ problem: 'seed_mismatch', expected: Number(seed ?? 0), recorded: Number(o.recordSeed ?? 0) });
  return { ok: true, problem: null };
}

function sameList(a: (string | null)[], b: (string | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
