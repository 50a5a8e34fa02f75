// New game: 2–6 seats (profiles or bots), colours, seat order, expansions and options from
// app_info; check_setup runs on every change and its problems are shown before starting.
import { call } from '../api';
import type { Expansion, JsonValue, NewGameRequest, ProfileCard, SeatOrder, SeatRequest } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { button, followerIcon, h, header, icon } from './dom';
import { go } from './nav';
import { fullOptions, optionChoices } from './options';
import { showError } from './toast';

function freeColour(seats: SeatRequest[], profiles: ProfileCard[], except = -1): string {
  const used = new Set(seats.map((s, i) => (i === except ? '' : seatColour(s, profiles))));
  return app.info.colours.find((c) => !used.has(c)) ?? app.info.colours[0] ?? '#1f6fd1';
}

function seatColour(s: SeatRequest, profiles: ProfileCard[]): string {
  if (s.type === 'bot') return s.colour;
  return profiles.find((p) => p.profile.id === s.profile)?.profile.colour ?? '#888888';
}

function defaultSetup(profiles: ProfileCard[]): NewGameRequest {
  const seats: SeatRequest[] = [];
  for (const p of profiles.slice(0, 2)) seats.push({ type: 'human', profile: p.profile.id });
  while (seats.length < app.info.min_players)
    seats.push({ type: 'bot', bot: app.info.bots[1]?.id ?? app.info.bots[0]?.id ?? 'random', colour: freeColour(seats, profiles) });
  return { seats, order: 'as_listed', sets: [], options: fullOptions(), seed: null };
}

/** The setup to show: `given`, with seats of deleted profiles replaced and unknown sets dropped. */
function sanitize(given: NewGameRequest, profiles: ProfileCard[]): NewGameRequest {
  const seats: SeatRequest[] = [];
  for (const s of given.seats) {
    if (s.type === 'human' && !profiles.some((p) => p.profile.id === s.profile)) {
      const free = profiles.find((p) => !seats.some((x) => x.type === 'human' && x.profile === p.profile.id));
      seats.push(free ? { type: 'human', profile: free.profile.id } : { type: 'bot', bot: app.info.bots[0]?.id ?? 'random', colour: freeColour(seats, profiles) });
    } else if (s.type === 'bot' && !app.info.bots.some((b) => b.id === s.bot)) {
      seats.push({ type: 'bot', bot: app.info.bots[0]?.id ?? 'random', colour: s.colour });
    } else seats.push({ ...s });
  }
  const known = new Set(app.info.expansions.map((e) => e.id));
  return {
    seats,
    order: given.order,
    sets: given.sets.filter((s) => known.has(s)),
    options: fullOptions(given.options),
    seed: null,
  };
}

export function newGameScreen(root: HTMLElement, route: { setup?: NewGameRequest }): () => void {
  let profiles: ProfileCard[] = [];
  let setup: NewGameRequest = { seats: [], order: 'as_listed', sets: [], options: fullOptions(), seed: null };
  let checkToken = 0;
  let alive = true;

  const seatsBox = h('ol', { class: 'seat-list' });
  const addBtn = button(t.addSeat, { class: 'btn', testid: 'add-seat', on: { click: () => addSeat() } }, 'plus');
  const order = h(
    'select',
    {
      testid: 'seat-order',
      on: {
        change: () => {
          setup.order = order.value as SeatOrder;
          changed();
        },
      },
    },
    h('option', { value: 'as_listed' }, t.orderAsListed),
    h('option', { value: 'random' }, t.orderRandom),
  );
  const setsBox = h('div', { class: 'toggle-list' });
  const optsBox = h('div', { class: 'option-list' });
  const problems = h('div', { class: 'setup-problems', testid: 'setup-problems', attrs: { 'aria-live': 'polite' } });
  const start = button(t.start, { class: 'btn primary big', testid: 'start-game', disabled: true, on: { click: () => void begin() } }, 'play');

  const changed = (): void => {
    renderSeats();
    renderOptions();
    void check();
  };

  const check = async (): Promise<void> => {
    const token = ++checkToken;
    start.disabled = true;
    problems.dataset.state = 'checking';
    try {
      const r = await call('check_setup', setup);
      if (token !== checkToken || !alive) return;
      problems.dataset.state = r.ok ? 'ok' : 'problems';
      problems.replaceChildren(
        ...(r.ok ? [h('p', { class: 'ok' }, t.setupOk)] : [h('ul', {}, ...r.problems.map((p) => h('li', { testid: 'setup-problem' }, p)))]),
      );
      start.disabled = !r.ok;
    } catch (e) {
      if (token === checkToken) showError(e);
    }
  };

  const begin = async (): Promise<void> => {
    start.disabled = true;
    try {
      const view = await call('new_game', setup);
      go({ name: 'game', view });
    } catch (e) {
      showError(e);
      void check();
    }
  };

  const addSeat = (): void => {
    if (setup.seats.length >= app.info.max_players) return;
    const free = profiles.find((p) => !setup.seats.some((s) => s.type === 'human' && s.profile === p.profile.id));
    setup.seats.push(
      free ? { type: 'human', profile: free.profile.id } : { type: 'bot', bot: app.info.bots[1]?.id ?? app.info.bots[0]?.id ?? 'random', colour: freeColour(setup.seats, profiles) },
    );
    changed();
  };

  const seatRow = (s: SeatRequest, i: number): HTMLElement => {
    const colour = seatColour(s, profiles);
    const select = h(
      'select',
      {
        testid: 'seat-select',
        attrs: { 'aria-label': t.seatN(i + 1) },
        on: {
          change: () => {
            const [kind, id] = select.value.split(/:(.*)/s) as [string, string];
            if (kind === 'profile') setup.seats[i] = { type: 'human', profile: Number(id) };
            else {
              const prev = setup.seats[i];
              setup.seats[i] = { type: 'bot', bot: id, colour: prev?.type === 'bot' ? prev.colour : freeColour(setup.seats, profiles, i) };
            }
            changed();
          },
        },
      },
      profiles.length ? h('optgroup', { label: t.humans }, ...profiles.map((p) => h('option', { value: `profile:${p.profile.id}` }, p.profile.name))) : null,
      h('optgroup', { label: t.bots }, ...app.info.bots.map((b) => h('option', { value: `bot:${b.id}`, title: b.description }, t.botOption(b.name)))),
    );
    select.value = s.type === 'human' ? `profile:${s.profile}` : `bot:${s.bot}`;
    const colours =
      s.type === 'bot'
        ? h(
            'div',
            { class: 'colour-picker small', attrs: { role: 'group', 'aria-label': t.seatColour } },
            ...app.info.colours.map((c) =>
              h('button', {
                type: 'button',
                class: 'swatch',
                testid: 'seat-colour',
                data: { colour: c },
                style: `--c:${c}`,
                attrs: { 'aria-label': t.colourName(c), title: t.colourName(c), 'aria-pressed': String(c === s.colour) },
                on: {
                  click: () => {
                    if (s.type === 'bot') s.colour = c;
                    changed();
                  },
                },
              }),
            ),
          )
        : null;
    const note = h('small', { class: 'note' }, s.type === 'bot' ? (app.info.bots.find((b) => b.id === s.bot)?.description ?? '') : t.profileColourNote);
    return h(
      'li',
      { class: 'seat-row', testid: 'seat-row', data: { seat: i } },
      h('span', { class: 'seat-piece' }, followerIcon('meeple', colour, 36)),
      h('div', { class: 'seat-main' }, select, note),
      h(
        'button',
        {
          type: 'button',
          class: 'icon-btn subtle',
          testid: 'remove-seat',
          disabled: setup.seats.length <= app.info.min_players,
          attrs: { 'aria-label': t.removeSeat, title: t.removeSeat },
          on: {
            click: () => {
              setup.seats.splice(i, 1);
              changed();
            },
          },
        },
        icon('close', 20),
      ),
      colours,
    );
  };

  const renderSeats = (): void => {
    seatsBox.replaceChildren(...setup.seats.map(seatRow));
    addBtn.disabled = setup.seats.length >= app.info.max_players;
    order.value = setup.order;
  };

  const renderSets = (): void => {
    setsBox.replaceChildren(
      ...app.info.expansions.map((e) => {
        const cb = h('input', {
          type: 'checkbox',
          testid: `set-${e.id}`,
          checked: setup.sets.includes(e.id),
          on: {
            change: () => {
              const on = new Set<Expansion>(setup.sets);
              if (cb.checked) on.add(e.id);
              else on.delete(e.id);
              // keep app_info's order
              setup.sets = app.info.expansions.map((x) => x.id).filter((id) => on.has(id));
              changed();
            },
          },
        });
        return h(
          'label',
          { class: 'toggle', data: { expansion: e.id } },
          cb,
          h('span', { class: 'toggle-text' }, h('strong', {}, e.name), h('small', {}, `${e.description} · ${t.tilesCount(e.tiles)}`)),
        );
      }),
    );
  };

  const renderOptions = (): void => {
    const opts = setup.options as unknown as Record<string, JsonValue>;
    optsBox.replaceChildren(
      ...optionChoices(setup.sets, setup.options, (key, value) => {
        opts[key] = value;
        changed();
      }),
    );
  };

  root.appendChild(
    h(
      'main',
      { class: 'screen new-game', testid: 'new-game' },
      header(t.newGameTitle, () => go({ name: 'home' })),
      h(
        'div',
        { class: 'columns' },
        h(
          'div',
          { class: 'col' },
          h(
            'section',
            { class: 'card' },
            h('h2', {}, t.seats),
            seatsBox,
            h('div', { class: 'row-buttons' }, addBtn, h('label', { class: 'inline' }, h('span', {}, t.seatOrder), order)),
            h('p', { class: 'note no-profiles', hidden: true }, t.noProfilesHint, ' ', h('a', { href: '#', on: { click: (ev) => (ev.preventDefault(), go({ name: 'profiles' })) } }, t.createProfile)),
          ),
          h('section', { class: 'card' }, h('h2', {}, t.options), optsBox),
        ),
        h('section', { class: 'card col' }, h('h2', {}, t.expansions), setsBox),
      ),
      h('div', { class: 'start-bar' }, problems, start),
    ),
  );

  void (async () => {
    try {
      const [cards, settings] = await Promise.all([call('profiles'), call('settings')]);
      profiles = cards;
      app.settings = settings;
      if (!alive) return;
      const base = route.setup ?? settings.last_setup;
      setup = base ? sanitize(base, profiles) : defaultSetup(profiles);
      const hint = root.querySelector<HTMLElement>('.no-profiles');
      if (hint) hint.hidden = profiles.length > 0;
      renderSets();
      changed();
      root.querySelector<HTMLElement>('.new-game')!.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  })();

  return () => {
    alive = false;
  };
}
