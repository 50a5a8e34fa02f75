// New game: 2–6 seats (profiles or bots), colours, seat order, expansions and options from
// app_info; check_setup runs on every change and its problems are shown before starting.
import { call } from '../api';
import type { NewGameRequest, SeatOrder } from '../bindings';
import { t } from '../i18n/index';
import { addSeat, defaultSetup, emptySetup, sanitize, type SetupModel } from '../setup/model';
import { seatRow } from '../setup/seats';
import { expansionToggles, optionControls } from '../setup/sets';
import { app } from '../state';
import { button, h, header } from './dom';
import { go } from './nav';
import { showError } from './toast';

/** Asks the API whether the setup can start; only the latest answer is shown. */
/** The start bar stays at the foot of the screen and grows with the problems it lists: the page
 * keeps room below its last field, and a field scrolled or tabbed to stops above the bar. */
function keepClearOf(bar: HTMLElement): void {
  const root = document.documentElement;
  const follow = new ResizeObserver(() => {
    if (bar.isConnected) root.style.setProperty('--start-bar', `${bar.offsetHeight}px`);
    else follow.disconnect();
  });
  follow.observe(bar);
}

function setupChecker(m: SetupModel, problems: HTMLElement, start: HTMLButtonElement, alive: () => boolean): () => Promise<void> {
  let token = 0;
  return async () => {
    const mine = ++token;
    start.disabled = true;
    problems.dataset.state = 'checking';
    try {
      const r = await call('check_setup', m.setup);
      if (mine !== token || !alive()) return;
      problems.dataset.state = r.ok ? 'ok' : 'problems';
      problems.replaceChildren(...(r.ok ? [h('p', { class: 'ok' }, t.setupOk)] : [h('ul', {}, ...r.problems.map((p) => h('li', { testid: 'setup-problem' }, t.setupProblem(p))))]));
      start.disabled = !r.ok;
    } catch (e) {
      if (mine === token) showError(e);
    }
  };
}

function seatOrderSelect(m: SetupModel, changed: () => void): HTMLSelectElement {
  const order = h(
    'select',
    { testid: 'seat-order', on: { change: () => ((m.setup.order = order.value as SeatOrder), changed()) } },
    h('option', { value: 'as_listed' }, t.orderAsListed),
    h('option', { value: 'random' }, t.orderRandom),
  );
  return order;
}

export function newGameScreen(root: HTMLElement, route: { setup?: NewGameRequest }): () => void {
  const m: SetupModel = { setup: emptySetup(), profiles: [] };
  let alive = true;

  const seatsBox = h('ol', { class: 'seat-list' });
  const addBtn = button(t.addSeat, { class: 'btn', testid: 'add-seat', on: { click: () => (addSeat(m), changed()) } }, 'plus');
  const order = seatOrderSelect(m, () => changed());
  const setsBox = h('div', { class: 'toggle-list' });
  const optsBox = h('div', { class: 'option-list' });
  const problems = h('div', { class: 'setup-problems', testid: 'setup-problems', attrs: { 'aria-live': 'polite' } });
  const start = button(t.start, { class: 'btn primary big', testid: 'start-game', disabled: true, on: { click: () => void begin() } }, 'play');
  const check = setupChecker(m, problems, start, () => alive);

  const changed = (): void => {
    seatsBox.replaceChildren(...m.setup.seats.map((s, i) => seatRow(m, s, i, changed)));
    addBtn.disabled = m.setup.seats.length >= app.info.max_players;
    order.value = m.setup.order;
    optsBox.replaceChildren(...optionControls(m, changed));
    void check();
  };

  const begin = async (): Promise<void> => {
    start.disabled = true;
    try {
      const view = await call('new_game', m.setup);
      go({ name: 'game', view });
    } catch (e) {
      showError(e);
      void check();
    }
  };

  const startBar = h('div', { class: 'start-bar' }, problems, start);
  const noProfiles = h('p', { class: 'note no-profiles', hidden: true }, t.noProfilesHint, ' ', h('a', { href: '#', on: { click: (ev) => (ev.preventDefault(), go({ name: 'profiles' })) } }, t.createProfile));
  const screen = h(
    'main',
    { class: 'screen new-game', testid: 'new-game' },
    header(t.newGameTitle, () => go({ name: 'home' })),
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        { class: 'col' },
        h('section', { class: 'card' }, h('h2', {}, t.seats), seatsBox, h('div', { class: 'row-buttons' }, addBtn, h('label', { class: 'inline' }, h('span', {}, t.seatOrder), order)), noProfiles),
        h('section', { class: 'card' }, h('h2', {}, t.options), optsBox),
      ),
      h('section', { class: 'card col' }, h('h2', {}, t.expansions), setsBox),
    ),
    startBar,
  );
  root.appendChild(screen);
  keepClearOf(startBar);

  void (async () => {
    try {
      const [cards, settings] = await Promise.all([call('profiles'), call('settings')]);
      m.profiles = cards;
      app.settings = settings;
      if (!alive) return;
      const base = route.setup ?? settings.last_setup;
      m.setup = base ? sanitize(base, m.profiles) : defaultSetup(m.profiles, t.guestDefault(1));
      noProfiles.hidden = m.profiles.length > 0;
      setsBox.replaceChildren(...expansionToggles(m, changed));
      changed();
      screen.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  })();

  return () => {
    alive = false;
  };
}
