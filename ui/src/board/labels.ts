// Small helpers about actions and choices shared by the game screen.
import type { Action, ChoiceOption, FollowerKind } from '../bindings';
import { FOLLOWER_KINDS } from '../bindings';

/** JSON with sorted keys: the same action always gives the same text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export function sameAction(a: Action, b: Action): boolean {
  return canonical(a) === canonical(b);
}

/** Follower kinds in the engine's order (FollowerKind::ALL). */
export const KINDS: readonly FollowerKind[] = FOLLOWER_KINDS;

/** The follower kind an action puts on the board, if any. */
export function actionKind(a: Action): FollowerKind | null {
  switch (a.type) {
    case 'deploy':
    case 'redeploy':
    case 'city_deploy':
    case 'final_redeploy':
      return a.follower;
    default:
      return null;
  }
}

export function isDeploy(c: ChoiceOption): c is ChoiceOption & { action: Extract<Action, { type: 'deploy' }> } {
  return c.action.type === 'deploy';
}
