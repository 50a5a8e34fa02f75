// The fair draw from a player's side (crates/net/src/fair.rs): commit to a random share, reveal
// it when asked, and at the end check what a browser can check without the engine.
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

export interface FairCheck {
  ok: boolean;
  /** What failed, in words. */
  problem: string | null;
  /** The draws were replayed by the engine (the app), not only the hashes checked. */
  replayed?: boolean;
}

/**
 * The checks a browser can make at the end: the secret matches the commitment published before
 * any share, every share used matches its commitment, this player's share is in, and the seed
 * in the record is the one they make. (Replaying the draws needs the engine: the app does it.)
 */
export function checkDraws(o: {
  secret: string;
  commitment: string;
  commitments: (string | null)[] | null;
  contributions: (string | null)[];
  mine: { seat: number; share: string } | null;
  recordSeed: string | null;
}): FairCheck {
  const secret = fromHex(o.secret);
  if (!secret || secret.length !== 32) return { ok: false, problem: 'malformed secret' };
  if (toHex(sha256(concat(COMMIT, secret))) !== o.commitment.toLowerCase()) return { ok: false, problem: 'the secret does not match the commitment' };
  if (o.mine && o.contributions[o.mine.seat] !== o.mine.share) return { ok: false, problem: 'your share is missing' };
  for (let seat = 0; seat < o.contributions.length; seat++) {
    const c = o.contributions[seat];
    if (c === null || c === undefined) continue;
    if (!o.commitments || o.commitments[seat] !== shareHash(c)) return { ok: false, problem: `the share of seat ${seat + 1} was not committed` };
  }
  const seed = deriveSeed(o.secret, o.contributions);
  if (seed === null || seed !== o.recordSeed) return { ok: false, problem: 'the seed does not come from the secret and the shares' };
  return { ok: true, problem: null };
}
