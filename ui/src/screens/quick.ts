// Home's quick game: you against a bot of a chosen level, or 2–6 guests passing the device —
// people who need no profile (a name and a colour), the base game with its default options.
import { call } from '../api';
import type { NewGameRequest, SeatRequest } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { button, h } from './dom';
import { go } from './nav';
import { fullOptions } from './options';
import { showError } from './toast';

/** You (the first profile, or a guest when there is none) against a bot of level `bot`. */
async function againstBot(bot: string): Promise<NewGameRequest> {
  const colours = app.info.colours;
  const profile = (await call('profiles'))[0]?.profile;
  const you: SeatRequest = profile ? { type: 'human', profile: profile.id } : { type: 'guest', name: t.quickYou, colour: colours[0] ?? '#1f6fd1' };
  const yourColour = profile?.colour ?? colours[0];
  const botColour = colours.find((c) => c.toLowerCase() !== yourColour?.toLowerCase()) ?? '#e8741c';
  return { seats: [you, { type: 'bot', bot, colour: botColour }], order: 'as_listed', sets: [], options: fullOptions(), seed: null };
}

/** `n` guests, "Player 1" to "Player n", each in the next colour. */
function guests(n: number): NewGameRequest {
  const seats: SeatRequest[] = Array.from({ length: n }, (_, i) => ({ type: 'guest', name: t.guestDefault(i + 1), colour: app.info.colours[i] ?? '#888888' }));
  return { seats, order: 'as_listed', sets: [], options: fullOptions(), seed: null };
}

async function start(setup: () => Promise<NewGameRequest> | NewGameRequest): Promise<void> {
  try {
    const view = await call('new_game', await setup());
    go({ name: 'game', view });
  } catch (e) {
    showError(e);
  }
}

export function quickGameCard(): HTMLElement {
  const bots = app.info.bots;
  const level = h(
    'select',
    { testid: 'quick-level', attrs: { 'aria-label': t.quickBotLevel } },
    ...bots.map((b, i) => h('option', { value: b.id, selected: i === Math.min(1, bots.length - 1), title: t.botBlurb(b.id) }, t.botName(b.id, b.name))),
  );
  const counts: number[] = [];
  for (let n = Math.max(2, app.info.min_players); n <= Math.min(6, app.info.max_players); n++) counts.push(n);
  const count = h('select', { testid: 'quick-count', attrs: { 'aria-label': t.quickPlayers } }, ...counts.map((n) => h('option', { value: String(n) }, String(n))));
  return h(
    'section',
    { class: 'card quick-game', testid: 'quick-game' },
    h('h2', {}, t.quickTitle),
    h(
      'div',
      { class: 'quick-row' },
      h('span', { class: 'quick-label' }, t.quickVsBot),
      level,
      button(t.quickStart, { class: 'btn primary', testid: 'quick-bot', on: { click: () => void start(() => againstBot(level.value)) } }, 'play'),
    ),
    h(
      'div',
      { class: 'quick-row' },
      h('span', { class: 'quick-label' }, t.quickPassPlay),
      count,
      button(t.quickStart, { class: 'btn primary', testid: 'quick-guests', on: { click: () => void start(() => guests(Number(count.value))) } }, 'play'),
    ),
  );
}
