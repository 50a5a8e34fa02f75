// A change of language draws the screen again at once; a game is drawn again from the state it
// reached, not the one it opened with (nav.ts: redrawnOnLanguage).
import assert from 'node:assert/strict';
import { test } from 'node:test';

// the bits of a page that setLanguage and the screens touch
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

test('a screen kept across a change of language is drawn again from its latest state, and only while shown', async () => {
  const i18n = await import('../../src/i18n/index');
  const { setLanguage } = i18n;
  const { redrawnOnLanguage } = await import('../../src/screens/nav');
  setLanguage('en');
  let cleared = 0;
  const root = { replaceChildren: () => void cleared++ } as unknown as HTMLElement;
  const drawn: { state: number; words: string; disposed: boolean }[] = [];
  const mount = (_: HTMLElement, state: number) => {
    const d = { state, words: i18n.t.homeNewGame, disposed: false };
    drawn.push(d);
    // the game moves on after it is drawn: state + 10
    return { dispose: () => void (d.disposed = true), state: () => state + 10 };
  };
  const close = redrawnOnLanguage(root, 1, mount);
  assert.deepEqual(drawn, [{ state: 1, words: 'New game', disposed: false }]);

  setLanguage('fr');
  assert.equal(document.documentElement.lang, 'fr');
  assert.deepEqual(drawn, [
    { state: 1, words: 'New game', disposed: true },
    { state: 11, words: 'Nouvelle partie', disposed: false },
  ]);
  assert.equal(cleared, 1);

  setLanguage('fr');
  assert.equal(drawn.length, 2, 'the same language again draws nothing');

  close();
  assert.equal(drawn[1]!.disposed, true);
  setLanguage('en');
  assert.equal(drawn.length, 2, 'a closed screen is not drawn again');
});

test('the language follows the system until one is chosen: French for fr and fr-*, else English', async () => {
  const { languageFor, systemLanguage } = await import('../../src/i18n/index');
  assert.equal(systemLanguage(['fr-CA', 'en']), 'fr');
  assert.equal(systemLanguage(['fr']), 'fr');
  assert.equal(systemLanguage(['en-GB', 'fr']), 'en');
  assert.equal(systemLanguage(['frr']), 'en');
  assert.equal(systemLanguage([]), 'en');
  assert.equal(languageFor('en'), 'en');
  assert.equal(languageFor('fr'), 'fr');
});
