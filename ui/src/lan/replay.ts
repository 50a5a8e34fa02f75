// The check of a finished table's draws by replay in the web app: its WebAssembly engine
// (crates/web's `check_draws`, the same check as the app's, crates/fair) checks what this page
// saw — the host's secret against its commitment, every share against its commitment, the seed,
// and that replaying the record with that seed draws every tile the record and the live game
// show. The pins the page broke during the game (another commitment shown) come first.
import type { DrawCheck, PageCheckRequest } from '../bindings';
import { callWorker } from '../web/client';
import { checkDraws, type FairCheck, type SeenGame } from './fair';

export function replayRequest(g: SeenGame): PageCheckRequest {
  return {
    commitment: g.pins.commitment ?? '',
    commitments: g.pins.commitments ?? [],
    contributions: g.pins.contributions ?? g.contributions,
    mine: g.mine,
    placed: g.placed,
    message: g.message,
  };
}

/** The verdict of the engine, as the end screen shows it (`draw_differs` names the tile). */
export function fromDrawCheck(v: DrawCheck): FairCheck {
  if (v.ok || !v.problem) return { ok: true, problem: null, replayed: true };
  const problem = v.draw === null ? { check: 'unfair' as const, reason: v.problem } : { check: 'draw_differs' as const, draw: v.draw, reason: v.problem };
  return { ok: false, problem, replayed: true };
}

/**
 * Checks by replay in the worker and, the first time the draws check out, keeps the game in
 * this device's history (as the app does); without the engine (it did not start) the hashes
 * only, and nothing is kept.
 */
export async function checkByReplay(g: SeenGame): Promise<FairCheck> {
  if (g.pins.broken) return { ok: false, problem: { check: 'unfair', reason: g.pins.broken }, replayed: false };
  const req = replayRequest(g);
  try {
    if (g.kept !== null) return { ...fromDrawCheck((await callWorker('check_draws', { req })) as DrawCheck), game: g.kept };
    const out = (await callWorker('keep_table_game', { req, seats: g.seats, you: g.you })) as { check: DrawCheck; game: number | null };
    return { ...fromDrawCheck(out.check), game: out.game };
  } catch {
    return checkDraws(g);
  }
}
