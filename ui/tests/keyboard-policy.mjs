// The choices of the keyboard-only game (keyboard.test.mjs), from the pending decision as the
// API shows it: a seeded generator, so that the same game is played every run (and a seed that
// meets every decision of the City, the Abbot and the Siege can be found through the API).

/** A small seeded generator: `rand(n)` in 0..n-1. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** The action to play for `pending` (a PendingView): a random placement; otherwise a choice that is not a pass four times in five. */
export function policy(pending, rand) {
  if (pending.placements.length) {
    const pl = pending.placements[rand(pending.placements.length)];
    return { type: 'place', at: pl.at, rotation: pl.rotations[rand(pl.rotations.length)] };
  }
  const real = pending.choices.filter((c) => c.action.type !== 'pass');
  const pass = pending.choices.find((c) => c.action.type === 'pass') ?? pending.choices[0] ?? { action: { type: 'pass' } };
  return (real.length && rand(5) > 0 ? real[rand(real.length)] : pass).action;
}

/** An action as a string with its keys sorted (to compare the page's data-action with it). */
export function same(a) {
  return JSON.stringify(a, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v));
}
