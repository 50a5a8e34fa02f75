// End of game: winner(s), standings, points by category and by feature, the final board.
import { call } from '../api';
import type { CategoryTotals, GameView, NewGameRequest } from '../bindings';
import { Board } from '../board/board';
import { seatsOf } from './branch';
import { scoreChart } from '../play/chart';
import { shownName, t } from '../i18n/index';
import { ruleLinks } from '../rules/link';
import { app } from '../state';
import { button, followerIcon, h, icon, seatToken } from './dom';
import { go } from './nav';
import { fullOptions } from './options';
import { showError } from './toast';

/** The setup of a finished game, to play it again. */
export function sameSetup(view: GameView): NewGameRequest {
  const seats = seatsOf(view);
  const last = app.settings.last_setup;
  return { seats, order: last?.order ?? 'as_listed', sets: [...view.sets], options: fullOptions(view.options), seed: null };
}

const CATS: [keyof CategoryTotals, () => string][] = [
  ['roads', () => t.catRoads],
  ['cities', () => t.catCities],
  ['monasteries', () => t.catMonasteries],
  ['fields', () => t.catFields],
  ['bonuses', () => t.catBonuses],
];

/** At a LAN table: a note under the title (the check of the draws) and the table's own buttons. */
export interface TableEnd {
  note: HTMLElement;
  buttons: HTMLElement[];
}

/**
 * A button per guest of a game on this device (people who sat without a profile): keep them as
 * profiles, with the game's name and colour. A LAN table's seats are other devices' people.
 */
function keepGuests(v: GameView, onLan: boolean): HTMLElement | null {
  const guests = onLan ? [] : v.seats.filter((s) => s.bot === null && s.profile === null);
  if (!guests.length) return null;
  return h(
    'div',
    { class: 'keep-guests' },
    ...guests.map((s) => {
      const b = button(t.saveGuest(s.name), {
        class: 'btn',
        testid: 'save-guest',
        data: { seat: s.seat },
        on: {
          click: async () => {
            b.disabled = true;
            try {
              await call('create_profile', { name: s.name, colour: s.colour });
              b.replaceWith(h('p', { class: 'guest-saved', testid: 'guest-saved' }, t.guestSaved(s.name)));
            } catch (e) {
              b.disabled = false;
              showError(e);
            }
          },
        },
      }, 'people');
      return b;
    }),
  );
}

export function endScreen(root: HTMLElement, route: { view: GameView; table?: TableEnd }): () => void {
  const v = route.view;
  const report = v.report;
  const name = (i: number): string => (v.seats[i] ? shownName(v.seats[i]) : '?');
  const colour = (i: number): string => v.seats[i]?.colour ?? '#888';
  const winners = report?.winners ?? [];
  const board = new Board({ interactive: false, tiles: app.tiles, label: t.finalBoard });
  board.setTiles(v.tiles, false);
  board.setFollowers(v.followers, v.seats);
  board.setLastPlaced(v.last_placed, null);

  const standings = h(
    'ol',
    { class: 'standings', testid: 'standings' },
    ...(report?.standings ?? []).flatMap((st) =>
      st.seats.map((s) =>
        h(
          'li',
          { class: `standing${st.rank === 1 ? ' first' : ''}`, data: { seat: s, rank: st.rank }, style: `--seat:${colour(s)}` },
          h('span', { class: 'rank' }, t.rank(st.rank)),
          followerIcon('meeple', colour(s), 30, false, s),
          h('span', { class: 'name' }, name(s)),
          h('span', { class: 'pts' }, t.points(v.seats[s]?.score ?? 0)),
        ),
      ),
    ),
  );

  const table = h(
    'table',
    { class: 'breakdown', testid: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t.player), ...CATS.map(([, l]) => h('th', { scope: 'col' }, l())), h('th', { scope: 'col', class: 'total' }, t.total))),
    h(
      'tbody',
      {},
      ...v.seats.map((s, i) => {
        const c = report?.categories[i];
        const sum = c ? CATS.reduce((n, [k]) => n + c[k], 0) : s.score;
        return h(
          'tr',
          { data: { seat: i, score: s.score, total: sum } },
          h('th', { scope: 'row' }, seatToken(i, s.colour, 13), shownName(s)),
          ...CATS.map(([k, l]) => h('td', { data: { cat: k, label: l() } }, String(c ? c[k] : 0))),
          h('td', { class: 'total', data: { cat: 'total', label: t.total } }, String(sum)),
        );
      }),
    ),
  );

  const lines = h(
    'ol',
    // it scrolls: a keyboard reaches it, and it says what it lists
    { class: 'score-log end-log', attrs: { tabindex: '0', 'aria-label': t.byFeature } },
    ...v.scores.map((line, i) =>
      h(
        'li',
        { class: `score-line${line.entry.winners.length ? '' : ' nobody'}`, testid: 'score-line', data: { index: i } },
        h('span', { class: 'dots' }, ...(line.entry.winners.length ? line.entry.winners : [-1]).map((w) => (w < 0 ? seatToken(null, '#bbb', 13) : seatToken(w, colour(w), 13)))),
        h('span', { class: 'score-text' }, ...ruleLinks(t.scoreText(line, line.entry.winners.map(name)))),
        line.entry.winners.length ? h('span', { class: 'score-pts' }, `+${line.entry.points}`) : null,
      ),
    ),
  );

  const again = async (): Promise<void> => {
    const setup = sameSetup(v);
    try {
      const check = await call('check_setup', setup);
      if (!check.ok) {
        go({ name: 'new-game', setup });
        return;
      }
      const view = await call('new_game', setup);
      go({ name: 'game', view });
    } catch (e) {
      showError(e);
    }
  };

  const save = (): void => {
    const xml = new XMLSerializer().serializeToString(board.svg);
    const url = URL.createObjectURL(new Blob([xml], { type: 'image/svg+xml' }));
    const a = h('a', { href: url, download: `carcassonne-${v.id}.svg` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  root.appendChild(
    h(
      'main',
      { class: 'screen end', testid: 'end-screen' },
      h(
        'header',
        { class: 'end-head' },
        h('h1', {}, t.endTitle),
        h('p', { class: 'winner', testid: 'winner', style: `--seat:${colour(winners[0] ?? 0)}` }, icon('crown', 28), t.winner(winners.map(name))),
        route.table?.note,
      ),
      h(
        'div',
        { class: 'end-grid' },
        h('section', { class: 'card' }, h('h2', {}, t.standings), standings, keepGuests(v, !!route.table), h('h2', {}, t.breakdown), h('div', { class: 'table-wrap' }, table)),
        h('section', { class: 'card final-board' }, h('h2', {}, t.finalBoard), h('div', { class: 'final-board-box' }, board.svg), button(t.savePicture, { class: 'btn', testid: 'save-picture', on: { click: save } }, 'download')),
        h('section', { class: 'card wide' }, h('h2', {}, t.chartTitle), scoreChart(v)),
        h('section', { class: 'card wide' }, h('h2', {}, t.byFeature), lines),
      ),
      h(
        'div',
        { class: 'end-buttons' },
        ...(route.table?.buttons ?? [
          button(t.home, { class: 'btn big', testid: 'end-home', on: { click: () => go({ name: 'home' }) } }, 'home'),
          button(t.playAgain, { class: 'btn primary big', testid: 'play-again', on: { click: () => void again() } }, 'play'),
        ]),
      ),
    ),
  );
  return () => board.destroy();
}
