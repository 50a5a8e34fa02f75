// The replay viewer: a saved game step by step — next / previous action and turn, a seek bar,
// autoplay at a chosen speed, keyboard shortcuts — with the board, the scoreboard, the City,
// the King and Robber and the turn log as they were at that point (each answer is the engine's
// own replay, crates/api/src/history.rs); new score lines flash on the board.
import { call } from '../api';
import type { ReplayView } from '../bindings';
import { Board } from '../board/board';
import { t } from '../i18n/index';
import { createAnnouncer } from '../play/announce';
import { scoreChart } from '../play/chart';
import { createDescriber } from '../play/describe';
import { createInfoPanel } from '../play/info';
import { createScoreboard } from '../play/scoreboard';
import { animMs, app } from '../state';
import { button, h } from './dom';
import { go } from './nav';
import { playOnFrom } from './branch';
import { exportWithNote } from './files';
import { showError } from './toast';

const SPEEDS = [0.5, 1, 2, 4];

/** Where a step goes from action `at`: one action, or to the start of the next/previous turn. */
export function stepTarget(r: Pick<ReplayView, 'actions' | 'turn_starts'>, at: number, step: 'next' | 'prev' | 'next-turn' | 'prev-turn' | 'start' | 'end'): number {
  switch (step) {
    case 'next':
      return Math.min(r.actions, at + 1);
    case 'prev':
      return Math.max(0, at - 1);
    case 'next-turn':
      return r.turn_starts.find((s) => s > at) ?? r.actions;
    case 'prev-turn':
      return [...r.turn_starts].reverse().find((s) => s < at) ?? 0;
    case 'start':
      return 0;
    case 'end':
      return r.actions;
  }
}

/** The turn (1-based) the table at action `at` is in, 0 before the first. */
export function turnAt(starts: number[], at: number): number {
  return starts.filter((s) => s < at).length;
}

interface Controls {
  el: HTMLElement;
  show(r: ReplayView, at: number, playing: boolean): void;
}

function controls(act: (step: Parameters<typeof stepTarget>[2]) => void, seek: (at: number) => void, togglePlay: () => void, speed: (x: number) => void): Controls {
  const pos = h('p', { class: 'replay-position', testid: 'replay-position', attrs: { 'aria-live': 'polite' } });
  const bar = h('input', { type: 'range', min: '0', max: '0', value: '0', testid: 'replay-seek', attrs: { 'aria-label': t.replaySeek }, on: { input: () => seek(Number(bar.value)) } });
  const play = button(t.replayPlay, { class: 'btn primary', testid: 'replay-play', attrs: { 'aria-keyshortcuts': 'Space' }, on: { click: togglePlay } }, 'play');
  const step = (id: string, label: string, icon: string, s: Parameters<typeof stepTarget>[2], keys: string): HTMLButtonElement =>
    button('', { class: 'icon-btn', testid: id, attrs: { 'aria-label': label, title: label, 'aria-keyshortcuts': keys }, on: { click: () => act(s) } }, icon);
  const rate = h(
    'select',
    { testid: 'replay-speed', attrs: { 'aria-label': t.replaySpeed }, on: { change: () => speed(Number(rate.value)) } },
    ...SPEEDS.map((x) => h('option', { value: String(x), selected: x === 1 }, t.replaySpeedValue(x))),
  );
  const el = h(
    'div',
    { class: 'tray replay-controls', testid: 'replay-controls' },
    pos,
    bar,
    h(
      'div',
      { class: 'replay-buttons' },
      step('replay-prev-turn', t.replayPrevTurn, 'skipBack', 'prev-turn', 'Shift+ArrowLeft PageUp'),
      step('replay-prev', t.replayPrev, 'stepBack', 'prev', 'ArrowLeft'),
      play,
      step('replay-next', t.replayNext, 'stepForward', 'next', 'ArrowRight'),
      step('replay-next-turn', t.replayNextTurn, 'skipForward', 'next-turn', 'Shift+ArrowRight PageDown'),
    ),
    h('label', { class: 'replay-speed' }, h('span', {}, t.replaySpeed), rate),
    h('p', { class: 'keys-help' }, t.replayKeys),
  );
  return {
    el,
    show(r, at, playing) {
      bar.max = String(r.actions);
      bar.value = String(at);
      pos.textContent = t.replayPosition(turnAt(r.turn_starts, at), r.turn_starts.length, at, r.actions);
      play.replaceChildren(...button(playing ? t.replayPause : t.replayPlay, {}, playing ? 'pause' : 'play').childNodes);
      play.setAttribute('aria-pressed', String(playing));
    },
  };
}

/** An unfinished game goes on from where it stands (the replay shows it, nothing changes). */
async function continueFromReplay(game: number): Promise<void> {
  try {
    go({ name: 'game', view: await call('open_game', { game }) });
  } catch (e) {
    showError(e);
  }
}

export function replayScreen(root: HTMLElement, route: { game: number; at: number | null }): () => void {
  const board = new Board({ interactive: false, described: true, tiles: app.tiles, label: t.boardLabel });
  const [describer, announcer] = [createDescriber(false), createAnnouncer()];
  const scoreboard = createScoreboard();
  const main = h('main', { class: 'screen game replay', testid: 'replay', data: { gameId: route.game } });
  const info = createInfoPanel({
    close: () => main.classList.remove('show-log'),
    flash: (tiles, colours, texts) => board.flashScore(tiles, colours, texts, animMs(1600)),
    point: (at) => board.highlight(at),
    undo: () => {},
  });
  let current: ReplayView | null = null;
  let at = -1;
  let token = 0;
  let playing = false;
  let speed = 1;
  let timer = 0;

  const show = async (target: number): Promise<void> => {
    const mine = ++token;
    try {
      const r = await call('replay', { game: route.game, at: target });
      if (mine !== token) return;
      const forward = current !== null && r.view.state === at + 1;
      current = r;
      at = r.view.state;
      board.setTiles(r.view.tiles, false);
      board.setFollowers(r.view.followers, r.view.seats);
      board.setLastPlaced(r.view.last_placed, r.view.last_placed_by !== null ? (r.view.seats[r.view.last_placed_by]?.colour ?? null) : null);
      describer.render(r.view, board);
      announcer.hear(r.view, !forward);
      scoreboard.render(r.view);
      chartBox.replaceChildren(scoreChart(r.view));
      info.render(r.view, false);
      info.renderScores(r.view, !forward);
      main.dataset.at = String(at);
      ctl.show(r, at, playing);
      goOn.hidden = r.status !== 'playing';
      branch.hidden = r.view.over;
      if (playing) schedule();
    } catch (e) {
      stop();
      showError(e);
    }
  };
  const stop = (): void => {
    playing = false;
    clearTimeout(timer);
    if (current) ctl.show(current, at, false);
  };
  const schedule = (): void => {
    clearTimeout(timer);
    if (!current || at >= current.actions) return stop();
    timer = window.setTimeout(() => void show(at + 1), 900 / speed);
  };
  const act = (step: Parameters<typeof stepTarget>[2]): void => {
    if (!current) return;
    stop();
    void show(stepTarget(current, at, step));
  };
  const togglePlay = (): void => {
    if (playing) return stop();
    if (current && at >= current.actions) at = -1;
    playing = true;
    if (at < 0) void show(0);
    else schedule();
    if (current) ctl.show(current, Math.max(0, at), true);
  };
  const branch = button(t.branchTitle, { class: 'btn', testid: 'replay-branch', on: { click: () => current && (stop(), void playOnFrom(route.game, at, current.view)) } }, 'play');
  const goOn = button(t.historyContinue, { class: 'btn primary', testid: 'replay-continue', hidden: true, on: { click: () => void continueFromReplay(route.game) } }, 'play');
  const chartBox = h('div', { class: 'replay-chart' });
  const ctl = controls(act, (n) => (stop(), void show(n)), togglePlay, (x) => (speed = x));

  const exportBtn = button('', { class: 'icon-btn', testid: 'replay-export', attrs: { 'aria-label': t.historyExport, title: t.historyExport }, on: { click: () => void exportWithNote(route.game) } }, 'download');
  const toggleLog = button(t.log, { class: 'icon-btn log-toggle', testid: 'toggle-log', attrs: { 'aria-label': t.log, title: t.log }, on: { click: () => main.classList.toggle('show-log') } }, 'list');
  const back = button('', { class: 'icon-btn', testid: 'back', attrs: { 'aria-label': t.back, title: t.back }, on: { click: () => go({ name: 'history' }) } }, 'back');
  ctl.el.append(h('div', { class: 'replay-buttons' }, branch, goOn), chartBox);
  main.append(h('header', { class: 'topbar' }, back, scoreboard.el, exportBtn, toggleLog), h('div', { class: 'board-wrap' }, board.svg), ctl.el, info.el, announcer.el);
  root.appendChild(main);

  const onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && !(ev.key === ' ' && target.tagName === 'INPUT')) return;
    // a window over the replay (the rules) has the keys
    if (document.querySelector('.modal-overlay')) return;
    const step = ({ ArrowLeft: ev.shiftKey ? 'prev-turn' : 'prev', ArrowRight: ev.shiftKey ? 'next-turn' : 'next', PageUp: 'prev-turn', PageDown: 'next-turn', Home: 'start', End: 'end' } as const)[ev.key as 'ArrowLeft'];
    if (step) act(step);
    else if (ev.key === ' ' && !target?.closest('button')) togglePlay();
    else if (ev.key === 'Escape') go({ name: 'history' });
    else return;
    ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  // the API answers the last action for any `at` past the end (a u32)
  void show(route.at ?? 0xffffffff);
  return () => {
    stop();
    token++;
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
