// The lobby of a LAN table: the seats, the rules the host chose (everyone sees them before the
// start) and, on the host's own page, its controls (seat count, bots, expansions, options, start).
import type { Expansion, LanSeatView } from '../bindings';
import { t } from '../i18n/index';
import type { LanClient } from '../lan/client';
import { button, h, seatToken } from '../screens/dom';
import { fullOptions, optionChoices, optionSummary } from '../screens/options';
import { app } from '../state';
import { giveAwaySeatsToBots } from './overlay';
import { askButton, levelName, levelSelect, mayAskFor } from './seats';

/** The host's controls of a seat that is not a person's: free or bot, and the bot's level. */
function seatControls(c: LanClient, admin: string | null, s: LanSeatView, i: number): HTMLElement[] {
  if (!admin || c.phase !== 'lobby' || s.kind === 'human') return [];
  const toggle = button(s.kind === 'bot' ? t.tableMakeEmpty : t.tableMakeBot, {
    class: 'btn small',
    testid: 'seat-toggle',
    on: { click: () => c.admin(admin, { command: 'set_seat', seat: i, kind: s.kind === 'bot' ? 'empty' : 'bot' }) },
  });
  if (s.kind !== 'bot') return [toggle];
  const level = levelSelect(s.level ?? 'medium', t.tableBotLevel, 'seat-level', (l) => c.admin(admin, { command: 'set_seat', seat: i, kind: 'bot', level: l }));
  return [level, toggle];
}

function seatLine(c: LanClient, admin: string | null, s: LanSeatView, i: number): HTMLElement {
  const mine = c.seat === i;
  const label = s.kind === 'empty' ? t.tableSeatEmpty : s.kind === 'bot' ? `${t.tableSeatBot} (${levelName(s.level ?? 'medium')})` : s.name;
  const controls = seatControls(c, admin, s, i);
  if (mayAskFor(c, s)) controls.push(askButton(c, i, 'ask-seat'));
  return h(
    'li',
    { class: `lobby-seat kind-${s.kind}`, testid: 'lobby-seat', data: { kind: s.kind, connected: String(s.connected) }, style: `--seat:${app.info.colours[i] ?? '#888'}` },
    seatToken(i, app.info.colours[i] ?? '#888', 14),
    h('span', { class: 'dot' }),
    h('span', { class: 'seat-label', testid: 'seat-label' }, label, mine ? ` (${t.tableYou})` : '', s.kind === 'human' && !s.connected ? ` — ${t.tableAway}` : ''),
    ...controls,
  );
}

/** The host's expansion boxes: each change sends the whole configuration. */
function expansionBoxes(c: LanClient, admin: string): HTMLElement[] {
  const lobby = c.lobby!;
  const sets = new Set<Expansion>(lobby.sets);
  return app.info.expansions
    .filter((e) => e.id !== 'base')
    .map((e) =>
      h(
        'label',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          checked: sets.has(e.id),
          testid: `table-set-${e.id}`,
          on: {
            change: (ev) => {
              if ((ev.target as HTMLInputElement).checked) sets.add(e.id);
              else sets.delete(e.id);
              c.admin(admin, { command: 'configure', sets: [...sets], options: fullOptions(lobby.options) });
            },
          },
        }),
        t.expansionName(e.id),
      ),
    );
}

function adminPanel(c: LanClient, admin: string | null): HTMLElement | null {
  if (!admin || !c.lobby || c.phase !== 'lobby') return null;
  const lobby = c.lobby;
  const count = h(
    'select',
    { testid: 'seat-count', attrs: { 'aria-label': t.tableSeatCount }, on: { change: (e) => c.admin(admin, { command: 'set_seat_count', count: Number((e.target as HTMLSelectElement).value) }) } },
    ...[2, 3, 4, 5, 6].map((n) => h('option', { value: String(n), selected: n === lobby.seats.length }, String(n))),
  );
  const options = optionChoices(lobby.sets, fullOptions(lobby.options), (key, value) => {
    c.admin(admin, { command: 'configure', sets: [...lobby.sets], options: { ...fullOptions(lobby.options), [key]: value } });
  });
  return h(
    'section',
    { class: 'card admin', testid: 'admin' },
    h('h2', {}, t.tableHostControls),
    h('label', {}, t.tableSeatCount, count),
    h('label', {}, t.tableAwayLevel, levelSelect(lobby.away_level ?? 'medium', t.tableAwayLevel, 'away-level', (level) => c.admin(admin, { command: 'set_away_level', level }))),
    h('fieldset', { class: 'lan-sets' }, h('legend', {}, t.tableExpansions), ...expansionBoxes(c, admin)),
    h('fieldset', { class: 'option-list', testid: 'table-options' }, h('legend', {}, t.tableRules), ...options),
    h('label', { class: 'check purist-check' }, h('input', { type: 'checkbox', testid: 'table-purist', checked: lobby.purist, on: { change: (ev) => c.admin(admin, { command: 'set_purist', purist: (ev.target as HTMLInputElement).checked }) } }), t.tablePurist),
    h(
      'div',
      { class: 'row-buttons' },
      button(t.tableStart, { class: 'btn primary', testid: 'start', on: { click: () => c.admin(admin, { command: 'start' }) } }, 'play'),
      button(t.tableBotsForAway, { class: 'btn', testid: 'bots-for-away', on: { click: () => giveAwaySeatsToBots(c, admin) } }),
    ),
  );
}

/** Everyone sees the rules the host chose before the game starts. */
function lobbyRules(c: LanClient): HTMLElement[] {
  const lobby = c.lobby;
  if (!lobby) return [];
  const names = lobby.sets.filter((id) => id !== 'base').map((id) => t.expansionName(id));
  const rules = optionSummary(lobby.sets, fullOptions(lobby.options));
  const out: HTMLElement[] = [
    h('h2', {}, t.tableRules),
    h('p', { testid: 'lobby-sets' }, t.labelled(t.tableExpansions), names.length ? names.join(', ') : t.tableBaseOnly),
    rules.length ? h('ul', { class: 'lobby-rules', testid: 'lobby-rules' }, ...rules) : h('p', { class: 'muted' }, t.tableNoOptions),
  ];
  if (lobby.purist) out.push(h('p', { testid: 'lobby-purist' }, t.tablePurist));
  out.push(h('p', { testid: 'lobby-away-level' }, t.tableAwayBots(levelName(lobby.away_level ?? 'medium'))));
  out.push(h('p', { testid: 'lobby-turn-timer' }, t.tableTurnTimer(lobby.turn_timer ?? null)));
  return out;
}

/** The lobby's card, then the host's controls when this page is the host's. */
export function lobbyCards(c: LanClient, admin: string | null, onLeave: () => void): HTMLElement[] {
  const seats = c.lobby?.seats ?? [];
  const status = c.phase === 'drawing' ? t.tableDrawing : c.seat === null ? t.tableWatching : admin ? t.tableYouStart : t.tableWaitHost;
  const card = h(
    'section',
    { class: 'card lobby', testid: 'lobby' },
    h('h1', {}, `${t.tableRoom} `, h('strong', { testid: 'lobby-room' }, c.room)),
    h('p', { testid: 'lobby-status', class: 'muted' }, status),
    h('h2', {}, t.tableSeats),
    h('ol', { class: 'lobby-seats' }, ...seats.map((s, i) => seatLine(c, admin, s, i))),
    ...lobbyRules(c),
    button(t.tableLeave, { class: 'btn', testid: 'leave', on: { click: onLeave } }),
  );
  const panel = adminPanel(c, admin);
  return panel ? [card, panel] : [card];
}
