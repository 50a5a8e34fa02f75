// Your games: every game on this device (in progress, finished, abandoned), newest first, with
// date, seats, scores and winner, sets; filtered by profile, player count and expansion; each
// opens in the replay viewer, an unfinished one also continues; delete after confirming.
import { call } from '../api';
import type { Expansion, HistoryEntry, Imported, ProfileCard } from '../bindings';
import { shownName, t } from '../i18n/index';
import { app } from '../state';
import { button, followerIcon, h, header, icon } from './dom';
import { go } from './nav';
import { exportWithNote, importFile, importGame } from './files';
import { confirmDialog, showError, toast } from './toast';

interface Filters {
  profile: number | null;
  players: number | null;
  set: Expansion | null;
}

const shown = (e: HistoryEntry, f: Filters): boolean =>
  (f.profile === null || e.seats.some((s) => s.player.kind === 'human' && s.player.profile === f.profile)) &&
  (f.players === null || e.seats.length === f.players) &&
  (f.set === null || e.sets.includes(f.set));

function seatChips(e: HistoryEntry): HTMLElement {
  return h(
    'div',
    { class: 'game-seats' },
    ...e.seats.map((s, i) =>
      h(
        'span',
        { class: `seat-chip${s.winner ? ' won' : ''}`, data: { winner: String(s.winner) } },
        s.winner ? icon('crown', 18) : null,
        followerIcon('meeple', s.colour, 22, false, i),
        h('span', { class: 'seat-chip-name' }, shownName(s)),
        s.score !== null ? h('strong', { class: 'seat-chip-score' }, String(s.score)) : null,
      ),
    ),
  );
}

async function continueGame(id: number): Promise<void> {
  try {
    const view = await call('open_game', { game: id });
    go(view.over ? { name: 'end', view } : { name: 'game', view });
  } catch (e) {
    showError(e);
  }
}

function historyItem(e: HistoryEntry, removed: () => void): HTMLElement {
  const names = e.seats.map(shownName);
  const remove = async (): Promise<void> => {
    if (!(await confirmDialog(t.historyDeleteAsk(t.andList(names)), t.historyDelete))) return;
    try {
      await call('delete_game', { game: e.id });
      removed();
    } catch (err) {
      showError(err);
    }
  };
  const sets = e.sets.filter((s) => s !== 'base').map((s) => t.expansionName(s));
  return h(
    'li',
    { class: 'history-item', testid: 'history-item', data: { gameId: e.id, status: e.status } },
    h('div', { class: 'history-head' }, h('span', { class: `status-badge ${e.status}` }, t.gameStatus(e.status)), h('span', {}, t.dateTime(e.updated)), h('span', {}, t.homeTurns(e.turns))),
    seatChips(e),
    sets.length ? h('p', { class: 'history-sets' }, sets.join(' · ')) : null,
    e.branch_of ? branchLine(e.branch_of) : null,
    h(
      'div',
      { class: 'history-buttons' },
      e.damaged ? h('span', { class: 'note' }, t.historyDamaged) : button(t.historyReplay, { class: 'btn', testid: 'history-replay', on: { click: () => go({ name: 'replay', game: e.id, at: null }) } }, 'play'),
      e.damaged ? null : button(t.historyExport, { class: 'btn', testid: 'history-export', on: { click: () => void exportWithNote(e.id) } }, 'download'),
      e.status === 'playing' && !e.damaged ? button(t.historyContinue, { class: 'btn primary', testid: 'history-continue', on: { click: () => void continueGame(e.id) } }, 'play') : null,
      button('', { class: 'icon-btn subtle', testid: 'history-delete', attrs: { 'aria-label': t.historyDelete, title: t.historyDelete }, on: { click: () => void remove() } }, 'trash'),
    ),
  );
}

/** "Played on from another game", with a way to that point of it while it is kept. */
function branchLine(b: NonNullable<HistoryEntry['branch_of']>): HTMLElement {
  const parent = b.game;
  return h(
    'p',
    { class: 'history-branch', testid: 'history-branch' },
    t.historyBranchOf(b.at),
    parent !== null ? button(t.historyParent, { class: 'btn small link', testid: 'history-parent', on: { click: () => go({ name: 'replay', game: parent, at: b.at }) } }) : null,
  );
}

/** A record imported (picked or dropped) opens in the replay viewer at its last move. */
async function imported(how: () => Promise<Imported | null>): Promise<void> {
  try {
    const done = await how();
    if (!done) return;
    toast(t.historyImported, 'info');
    go({ name: 'replay', game: done.game, at: null });
  } catch (e) {
    showError(e);
  }
}

/** Open a game file: a button, and the whole screen as a place to drop one. */
function importArea(screen: HTMLElement): HTMLElement {
  screen.addEventListener('dragover', (ev) => {
    if (!ev.dataTransfer?.types.includes('Files')) return;
    ev.preventDefault();
    screen.classList.add('dropping');
  });
  screen.addEventListener('dragleave', () => screen.classList.remove('dropping'));
  screen.addEventListener('drop', (ev) => {
    const file = ev.dataTransfer?.files[0];
    screen.classList.remove('dropping');
    if (!file) return;
    ev.preventDefault();
    void imported(() => importFile(file));
  });
  return h(
    'div',
    { class: 'import-area', testid: 'import-area' },
    button(t.historyImport, { class: 'btn', testid: 'history-import', on: { click: () => void imported(importGame) } }, 'tiles'),
    h('span', { class: 'note' }, t.historyDrop),
  );
}

function filterBar(profiles: ProfileCard[], f: Filters, changed: () => void): HTMLElement {
  const select = (testid: string, label: string, options: [string, string][], set: (v: string) => void): HTMLSelectElement => {
    const s = h('select', { testid, attrs: { 'aria-label': label }, on: { change: () => (set(s.value), changed()) } }, h('option', { value: '' }, t.historyAll), ...options.map(([v, l]) => h('option', { value: v }, l)));
    return s;
  };
  return h(
    'div',
    { class: 'history-filters' },
    h('label', {}, h('span', {}, t.historyByProfile), select('history-profile', t.historyByProfile, profiles.map((p) => [String(p.profile.id), p.profile.name]), (v) => (f.profile = v ? Number(v) : null))),
    h('label', {}, h('span', {}, t.historyByPlayers), select('history-players', t.historyByPlayers, [2, 3, 4, 5, 6].map((n) => [String(n), String(n)]), (v) => (f.players = v ? Number(v) : null))),
    h('label', {}, h('span', {}, t.historyBySet), select('history-set', t.historyBySet, app.info.expansions.filter((x) => x.id !== 'base').map((x) => [x.id, t.expansionName(x.id)]), (v) => (f.set = v ? (v as Expansion) : null))),
  );
}

export function historyScreen(root: HTMLElement): void {
  const list = h('ul', { class: 'history-list', testid: 'history-list' });
  const filters: Filters = { profile: null, players: null, set: null };
  let games: HistoryEntry[] = [];
  const draw = (): void => {
    const rows = games.filter((g) => shown(g, filters)).map((g) => historyItem(g, () => void load()));
    list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty', testid: 'history-empty' }, games.length ? t.historyNoMatch : t.historyNone)]));
  };
  const bar = h('div', {});
  const main = h(
    'main',
    { class: 'screen history', testid: 'history' },
    header(t.historyTitle, () => go({ name: 'home' })),
    bar,
    list,
  );
  main.insertBefore(importArea(main), list);
  root.appendChild(main);
  const load = async (): Promise<void> => {
    try {
      const [entries, profiles] = await Promise.all([call('history'), call('profiles')]);
      games = entries;
      if (!bar.firstChild) bar.replaceWith(filterBar(profiles, filters, draw));
      draw();
      main.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  };
  void load();
}
