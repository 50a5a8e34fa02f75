// The strings of the current language. `t` is a live binding: setLanguage() swaps it, and the
// screens listening (onLanguageChange) draw themselves again in the new words.
import type { Player } from '../bindings';
import { en, type Strings } from './en';
import { fr } from './fr';

const languages: Record<string, Strings> = { en, fr };

export let t: Strings = en;

export const languageCodes = Object.keys(languages);

/** The system's language as far as the app speaks it: French for fr and fr-*, else English. */
export function systemLanguage(languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language]): string {
  const first = (languages[0] ?? '').toLowerCase();
  return first === 'fr' || first.startsWith('fr-') ? 'fr' : 'en';
}

/** The language a setting shows: the one chosen in Settings, else (none chosen yet) the system's. */
export function languageFor(setting: string): string {
  return setting in languages ? setting : systemLanguage();
}

const listeners = new Set<() => void>();

/** Calls `fn` after each change of language; returns the way to stop. */
export function onLanguageChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Shows `setting`'s language (languageFor); listeners hear of a change. */
export function setLanguage(setting: string): void {
  const next = languages[languageFor(setting)] ?? en;
  const changed = next !== t;
  t = next;
  document.documentElement.lang = t.lang;
  // a listener may stop another (a screen closing the game it holds): each is asked if still there
  if (changed) for (const fn of [...listeners]) if (listeners.has(fn)) fn();
}

/** A seat as the API names it: a bot's seat carries its bot (and a name the app made). */
type NamedSeat = { name: string; bot?: string | null; player?: Player };

/** A seat's name in the current language: a bot's seat ("Easy bot 2", as the app names it
 * when the game starts) in the words of the language; a person's name as it is. */
export function shownName(s: NamedSeat): string {
  const bot = s.bot ?? (s.player?.kind === 'bot' ? s.player.bot : null);
  const n = bot ? /^(?:\S+ )?[Bb]ot (\d+)$/.exec(s.name)?.[1] : undefined;
  return bot && n ? t.botSeat(bot, Number(n)) : s.name;
}
