// A profile's statistics: wins and win rate overall, by table size and by expansion, points
// per game by category, best game, head-to-head, recent form and a chart of recent scores.
// Every figure is the API's (counted over finished games); the page only lays them out.
import { call } from '../api';
import type { GameScore, HeadToHead, Profile, ProfileStatistics, WinRecord } from '../bindings';
import { t } from '../i18n/index';
import { lineChart } from '../play/chart';
import { app } from '../state';
import { button, followerIcon, h, header } from './dom';
import { go } from './nav';
import { showError } from './toast';

const rate = (r: WinRecord): number => (r.played ? r.wins / r.played : 0);

function card(title: string, testid: string, ...body: (HTMLElement | SVGElement)[]): HTMLElement {
  return h('section', { class: 'card stats-card', testid }, h('h2', {}, title), ...body);
}

function summary(s: ProfileStatistics): HTMLElement {
  const cell = (label: string, v: string, id: string): HTMLElement =>
    h('div', { class: 'stat', data: { stat: id } }, h('span', { class: 'stat-v' }, v), h('span', { class: 'stat-l' }, label));
  const best = s.best;
  return h(
    'div',
    { class: 'stats', testid: 'stats-summary' },
    cell(t.statGames, String(s.overall.played), 'played'),
    cell(t.statWins, String(s.overall.wins), 'wins'),
    cell(t.statsWinRate, t.percent(rate(s.overall)), 'rate'),
    best
      ? h(
          'button',
          { class: 'stat stat-link', testid: 'stats-best', data: { stat: 'best', game: best.game }, attrs: { title: t.statsBestOpen }, on: { click: () => go({ name: 'replay', game: best.game, at: null }) } },
          h('span', { class: 'stat-v' }, String(best.score)),
          h('span', { class: 'stat-l' }, t.statBest),
        )
      : cell(t.statBest, '–', 'best'),
  );
}

/** Rows of a label, a bar for the win rate and "wins / played". */
function recordRows(rows: { label: string; record: WinRecord; key: string }[], testid: string): HTMLElement {
  return h(
    'table',
    { class: 'stats-table', testid },
    h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, ''), h('th', { attrs: { scope: 'col' } }, t.statGames), h('th', { attrs: { scope: 'col' } }, t.statWins), h('th', { attrs: { scope: 'col' } }, t.statsWinRate))),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          { data: { key: r.key, played: r.record.played, wins: r.record.wins } },
          h('th', { attrs: { scope: 'row' } }, r.label),
          h('td', {}, String(r.record.played)),
          h('td', {}, String(r.record.wins)),
          h('td', {}, h('span', { class: 'rate-cell' }, h('span', { class: 'rate-bar', style: `--rate:${rate(r.record)}` }), h('span', {}, t.percent(rate(r.record))))),
        ),
      ),
    ),
  );
}

function categories(s: ProfileStatistics): HTMLElement {
  const c = s.categories;
  const rows: [string, number][] = [
    ['roads', c.roads],
    ['cities', c.cities],
    ['monasteries', c.monasteries],
    ['fields', c.fields],
    ['bonuses', c.bonuses],
  ];
  const top = Math.max(1, ...rows.map(([, v]) => v));
  return h(
    'ul',
    { class: 'category-bars', testid: 'stats-categories', attrs: { 'aria-label': t.statsPerGame } },
    ...rows.map(([k, v]) =>
      h(
        'li',
        { data: { category: k, value: v.toFixed(2) } },
        h('span', { class: 'cat-label' }, t.statsCategory(k)),
        h('span', { class: 'cat-bar', style: `--share:${v / top}` }),
        h('span', { class: 'cat-value' }, t.decimal(v)),
      ),
    ),
  );
}

function opponentName(o: HeadToHead['opponent']): string {
  if (o.type === 'profile') return o.name;
  return app.info.bots.find((b) => b.id === o.bot)?.name ?? o.bot;
}

function headToHead(s: ProfileStatistics): HTMLElement {
  return h(
    'table',
    { class: 'stats-table', testid: 'stats-opponents' },
    h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, t.statsOpponent), h('th', { attrs: { scope: 'col' } }, t.statGames), h('th', { attrs: { scope: 'col' } }, t.statsAheadBehind))),
    h(
      'tbody',
      {},
      ...s.opponents.map((o) =>
        h(
          'tr',
          { data: { opponent: o.opponent.type === 'profile' ? `profile:${o.opponent.profile}` : `bot:${o.opponent.bot}`, games: o.games, ahead: o.ahead, behind: o.behind, level: o.level } },
          h('th', { attrs: { scope: 'row' } }, opponentName(o.opponent)),
          h('td', {}, String(o.games)),
          h('td', { attrs: { 'aria-label': t.statsAheadBehindLong(o.ahead, o.behind, o.level) } }, t.statsAheadBehindShort(o.ahead, o.behind, o.level)),
        ),
      ),
    ),
  );
}

/** The last games as places (a crown for a win), newest last, and the chart of their scores. */
function recent(s: ProfileStatistics, colour: string): (HTMLElement | SVGElement)[] {
  const form = h(
    'ol',
    { class: 'form-row', testid: 'stats-form', attrs: { 'aria-label': t.statsForm } },
    ...s.recent.slice(-10).map((g: GameScore) =>
      h(
        'li',
        { class: `form-game${g.won ? ' won' : ''}`, data: { game: g.game, place: g.place }, attrs: { title: t.statsFormGame(g.place, g.players, g.score, new Date(g.ended * 1000)) } },
        h('button', { on: { click: () => go({ name: 'replay', game: g.game, at: null }) } }, t.ordinal(g.place)),
      ),
    ),
  );
  const scores = s.recent.map((g) => g.score);
  const chart = lineChart([{ points: scores, colour, data: { last: scores[scores.length - 1] ?? 0 } }], t.statsRecentGames(scores.length), t.statsChartSummary(scores), 'stats-chart', true);
  return [form, chart];
}

function render(s: ProfileStatistics, p: Profile): HTMLElement[] {
  if (!s.overall.played) return [h('p', { class: 'empty', testid: 'stats-empty' }, t.statsNone)];
  return [
    summary(s),
    card(t.statsRecent, 'stats-recent', ...recent(s, p.colour)),
    card(t.statsPerGame, 'stats-points', categories(s)),
    card(t.statsByPlayers, 'stats-players-card', recordRows(s.by_players.map((r) => ({ label: t.statsPlayers(r.players), record: r, key: String(r.players) })), 'stats-by-players')),
    card(t.statsBySet, 'stats-sets-card', recordRows(s.by_set.map((r) => ({ label: r.set === 'base' ? t.statsBaseOnly : t.expansionName(r.set), record: r, key: r.set })), 'stats-by-set')),
    card(t.statsHeadToHead, 'stats-h2h', s.opponents.length ? headToHead(s) : h('p', { class: 'empty' }, t.statsNoOpponents)),
  ];
}

export function statsScreen(root: HTMLElement, profile: Profile): void {
  const body = h('div', { class: 'stats-body' });
  const main = h(
    'main',
    { class: 'screen stats-screen', testid: 'stats' },
    header(t.statsTitle(profile.name), () => go({ name: 'profiles' }), followerIcon('meeple', profile.colour, 32)),
    body,
    button(t.homeHistory, { class: 'btn', testid: 'stats-history', on: { click: () => go({ name: 'history' }) } }, 'list'),
  );
  root.appendChild(main);
  void (async () => {
    try {
      const s = await call('statistics', { id: profile.id });
      body.replaceChildren(...render(s, profile));
      main.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  })();
}
