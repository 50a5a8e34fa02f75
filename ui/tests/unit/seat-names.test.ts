// A bot's seat is named in the player's language (the app stores "Easy bot 2" when the game
// starts); a person's name is never translated, even one that looks like a bot's.
import assert from 'node:assert/strict';
import { test } from 'node:test';

(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

test('bot seats in both languages, people as they are', async () => {
  const { setLanguage, shownName } = await import('../../src/i18n/index');
  setLanguage('fr');
  assert.equal(shownName({ name: 'Easy bot 2', bot: 'easy' }), 'Bot facile 2');
  assert.equal(shownName({ name: 'Hard bot 1', player: { kind: 'bot', bot: 'hard' } }), 'Bot difficile 1');
  assert.equal(shownName({ name: 'Bot 3', bot: 'medium' }), 'Bot moyen 3', 'a LAN table’s bot seat');
  assert.equal(shownName({ name: 'Robot 1', bot: null }), 'Robot 1', 'a person called Robot 1');
  assert.equal(shownName({ name: 'Easy bot 2', player: { kind: 'human', profile: 4 } }), 'Easy bot 2', 'a profile named so');
  assert.equal(shownName({ name: 'Zoé', bot: 'easy' }), 'Zoé', 'a bot seat a person renamed');
  setLanguage('en');
  assert.equal(shownName({ name: 'Easy bot 2', bot: 'easy' }), 'Easy bot 2');
});
