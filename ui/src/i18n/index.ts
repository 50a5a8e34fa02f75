// The strings of the current language. `t` is a live binding: setLanguage() swaps it.
import { en, type Strings } from './en';

const languages: Record<string, Strings> = { en };

export let t: Strings = en;

export const languageCodes = Object.keys(languages);

export function setLanguage(code: string): void {
  t = languages[code] ?? en;
  document.documentElement.lang = t.lang;
}
