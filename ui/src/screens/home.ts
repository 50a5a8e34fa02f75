// Home: a quick game, continue a game, new game, profiles, settings, tile gallery, rules.
import { isWebApp } from '../web/client';
import { call } from '../api';
import type { GameSummary } from '../bindings';
import { tileSvg } from '../art/index';
import { shownName, t } from '../i18n/index';
import { app } from '../state';
import { button, followerIcon, h, icon } from './dom';
import { go } from './nav';
import { quickGameCard } from './quick';
import { recoveryNotice } from './recovery';
import { tutorialButton } from '../tutorial/start';
import { joinThisTable } from './home-table';
import { rejoinCards } from './rejoin';
import { confirmDialog, showError } from './toast';

const DECOR = ['base/city1_road_curve_sw', 'base/monastery_road', 'base/city3_road_pennant', 'base/city2_we_pennant', 'base/road_junction4'];

function decor(): HTMLElement {
  const row = h('div', { class: 'home-decor', attrs: { 'aria-hidden': 'true' } });
  let n = 0;
  for (const id of DECOR) {
    const tile = app.tiles.get(id) ?? [...app.tiles.values()][n * 7];
    if (!tile) continue;
    const svg = tileSvg(tile, { size: 72, rotation: ((n * 3) % 4) as 0 | 1 | 2 | 3 });
    svg.style.setProperty('--tilt', `${(n % 2 ? 1 : -1) * (2 + n)}deg`);
    row.appendChild(svg);
    n++;
  }
  return row;
}

function gameItem(g: GameSummary, refresh: () => void): HTMLElement {
  const names = g.seats.map(shownName);
  const now = Date.now() / 1000;
  const when = t.ago(Math.max(0, now - g.updated)) || t.dateTime(g.updated);
  const open = async (): Promise<void> => {
    try {
      const view = await call('open_game', { game: g.id });
      go(view.over ? { name: 'end', view } : { name: 'game', view });
    } catch (e) {
      showError(e);
    }
  };
  const abandon = async (ev: Event): Promise<void> => {
    ev.stopPropagation();
    if (!(await confirmDialog(t.homeAbandonAsk(t.andList(names)), t.homeAbandon))) return;
    try {
      await call('abandon_game', { game: g.id });
      refresh();
    } catch (e) {
      showError(e);
    }
  };
  return h(
    'li',
    { class: 'game-item' },
    h(
      'div',
      {
        class: 'game-open',
        testid: 'game-item',
        data: { gameId: g.id },
        // named by what it shows, after what it does (a screen reader's words, hidden)
        attrs: { role: 'button', tabindex: 0 },
        on: {
          click: () => void open(),
          keydown: (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              void open();
            }
          },
        },
      },
      h('span', { class: 'sr-only' }, t.labelled(t.homeResume(t.andList(names)))),
      h(
        'div',
        { class: 'game-seats' },
        ...g.seats.map((s, i) =>
          h('span', { class: 'seat-chip' }, followerIcon('meeple', s.colour, 22, false, i), h('span', { class: 'seat-chip-name' }, shownName(s))),
        ),
      ),
      h('div', { class: 'game-meta' }, h('span', {}, when), h('span', {}, t.homeTurns(g.turns))),
    ),
    h(
      'button',
      { type: 'button', class: 'icon-btn subtle', testid: 'game-abandon', attrs: { 'aria-label': t.homeAbandon, title: t.homeAbandon }, on: { click: (ev) => void abandon(ev) } },
      icon('trash', 20),
    ),
  );
}

export function homeScreen(root: HTMLElement): void {
  const list = h('ul', { class: 'game-list' });
  const cont = h('section', { class: 'card continue', testid: 'home-continue' }, h('h2', {}, t.homeContinue), list);
  const load = async (): Promise<void> => {
    try {
      const games = await call('unfinished_games');
      list.replaceChildren(...(games.length ? games.map((g) => gameItem(g, () => void load())) : [h('li', { class: 'empty' }, t.homeNoGames)]));
      cont.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  };
  root.appendChild(
    h(
      'main',
      { class: 'screen home', testid: 'home' },
      h('div', { class: 'home-title' }, decor(), h('h1', {}, t.appName), h('p', { class: 'tagline' }, t.tagline)),
      recoveryNotice(),
      // the LAN tables this app kept (the offline web app joins none)
      isWebApp() ? null : rejoinCards(),
      quickGameCard(),
      h(
        'nav',
        { class: 'home-menu' },
        button(t.homeNewGame, { class: 'btn primary big', testid: 'home-new-game', on: { click: () => go({ name: 'new-game' }) } }, 'play'),
        tutorialButton(),
        button(t.homeProfiles, { class: 'btn big', testid: 'home-profiles', on: { click: () => go({ name: 'profiles' }) } }, 'people'),
        button(t.homeSettings, { class: 'btn big', testid: 'home-settings', on: { click: () => go({ name: 'settings' }) } }, 'gear'),
        button(t.homeHistory, { class: 'btn big', testid: 'home-history', on: { click: () => go({ name: 'history' }) } }, 'list'),
        button(t.homeGallery, { class: 'btn big', testid: 'home-gallery', on: { click: () => go({ name: 'gallery' }) } }, 'grid'),
        button(t.rulesTitle, { class: 'btn big', testid: 'home-rules', on: { click: () => go({ name: 'rules' }) } }, 'book'),
        // the offline web app hosts no table (a page cannot listen); served by one, it joins it
        ...(isWebApp() ? joinThisTable() : [button(t.homeLan, { class: 'btn big', testid: 'home-lan', on: { click: () => go({ name: 'lan' }) } }, 'people')]),
      ),
      cont,
    ),
  );
  void load();
}
