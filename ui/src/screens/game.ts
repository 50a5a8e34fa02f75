// The board screen: the table, the drawn tile, legal cells, tentative placement with follower
// spots (preview), confirm / take back, other decisions as buttons, bots, scoring shown on the
// board and in a log, pass-and-play banners. The turn's state lives in the controller
// (play/controller.ts); this module builds the views and draws them from it.
import { CommandError } from '../api';
import type { GameView, Pos, TutorialTurn } from '../bindings';
import { Board, type Marker } from '../board/board';
import { t } from '../i18n/index';
import { Camera } from '../play/camera';
import { decisionParts } from '../play/choices';
import { createDescriber } from '../play/describe';
import { GameController, type Change } from '../play/controller';
import { createAids, type Aids } from '../play/aids';
import { createAnnouncer } from '../play/announce';
import { showBag } from '../play/bag';
import { createInfoPanel, type InfoPanel } from '../play/info';
import { bindBoardInput } from '../play/input';
import { keyHelpButton } from '../play/keyboard-help';
import { createKeyboardNav } from '../play/keyboard-nav';
import { bindBoardKeys } from '../play/keys';
import { yieldOverlays } from '../play/overlays';
import { createPrompt } from '../play/prompt';
import { createScoreboard } from '../play/scoreboard';
import { seatColour, seatName } from '../play/seats';
import { createTray } from '../play/tray';
import { cuesFor } from '../sound/cues';
import { setSoundLevel, soundLevel, watchSound } from '../sound/level';
import { playCues } from '../sound/player';
import { tutorialGuide } from '../tutorial/guide';
import { aidsAllowed, animMs, animationsOn, app } from '../state';
import { button, h, icon } from './dom';
import { redrawnOnLanguage, type Redrawable } from './nav';
import { localSource, type GameSource } from './source';
import { showError, toast } from './toast';

/** How long the finished board stays before the results. */
const END_DELAY_MS = 2600;

function controllerFor(route: { view: GameView; source?: GameSource }): GameController {
  return new GameController(route.view, route.source ?? localSource(route.view.id), {
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (id) => clearTimeout(id),
    botDelayMs: () => app.settings.bot_delay_ms,
    undoAllowed: () => app.settings.allow_undo,
    endDelayMs: () => animMs(END_DELAY_MS),
    error: showError,
    resynced: (e) => e instanceof CommandError && toast(t.resynced, 'info'),
  });
}

/** The board's corner buttons: zoom in and out (hidden on phones), the whole board, centre. */
function zoomControls(board: Board, camera: Camera, mute: HTMLElement): HTMLElement {
  return h(
    'div',
    { class: 'zoom-controls' },
    mute,
    button('', { class: 'icon-btn', testid: 'zoom-in', attrs: { 'aria-label': t.zoomIn, title: t.zoomIn }, on: { click: () => board.zoomBy(1.25, undefined, undefined, animMs(180)) } }, 'plus'),
    button('', { class: 'icon-btn', testid: 'zoom-out', attrs: { 'aria-label': t.zoomOut, title: t.zoomOut }, on: { click: () => board.zoomBy(0.8, undefined, undefined, animMs(180)) } }, 'minus'),
    button('', { class: 'icon-btn', testid: 'fit', attrs: { 'aria-label': t.fitBoard, title: t.fitBoard, 'aria-keyshortcuts': 'F' }, on: { click: () => camera.fitAll() } }, 'fit'),
    button('', { class: 'icon-btn', testid: 'centre', attrs: { 'aria-label': t.centre, title: t.centre }, on: { click: () => camera.centre() } }, 'target'),
  );
}

/** Plays what each new view calls for; a game just opened (`fresh`) makes no sound. */
function soundsOfViews(source: GameSource): (v: GameView, fresh: boolean) => void {
  let heard: GameView | null = null;
  return (v, fresh) => {
    playCues(cuesFor(fresh ? null : heard, v, (seat) => !v.seats[seat]?.bot && source.mine(seat)), soundLevel());
    heard = v;
  };
}

/**
 * A sound switch: mutes every sound of the app at once, and says which it is. There are two
 * (the top bar's on wide screens, the board corner's on phones, where the top bar is full).
 */
function muteButton(where: 'top' | 'corner'): { el: HTMLButtonElement; dispose: () => void } {
  const b = button('', { class: `icon-btn mute-toggle mute-${where}`, testid: where === 'top' ? 'mute' : 'mute-corner' });
  const show = (): void => {
    const muted = soundLevel().muted;
    b.replaceChildren(icon(muted ? 'soundOff' : 'sound'));
    b.setAttribute('aria-pressed', String(muted));
    b.setAttribute('aria-label', t.mute);
    b.title = muted ? t.unmute : t.mute;
  };
  b.addEventListener('click', () => void setSoundLevel({ muted: !soundLevel().muted }).catch(showError));
  show();
  return { el: b, dispose: watchSound(show) };
}

/** Takes back the last confirmed turn, and says that the same tile comes again; a phone's log
 * drawer closes so that the board is there to play the turn again. */
function undoer(ctrl: GameController, main: HTMLElement): () => void {
  return () =>
    void ctrl.undo().then((done) => {
      if (!done) return;
      main.classList.remove('show-log');
      toast(t.undone, 'info');
    });
}

/** The side panel (City, card holders, aids' switches, turn log) and the aids, which redraw when switched. */
function sidePanel(main: HTMLElement, board: Board, undo: () => void, ctrl: GameController, redrawScores: () => void): { info: InfoPanel; aids: Aids } {
  const aids = createAids(board, () => ctrl.view, () => (aids.render(ctrl.view), redrawScores()));
  const info = createInfoPanel({
    aids: aids.toggles,
    close: () => main.classList.remove('show-log'),
    flash: (tiles, colours, texts) => board.flashScore(tiles, colours, texts, animMs(2200)),
    point: (at) => board.highlight(at),
    undo,
  });
  return { info, aids };
}

/** The top bar: Home, the scoreboard, tiles left, the sound switch, the log drawer's button. */
function topBar(main: HTMLElement, source: GameSource, scoreboard: ReturnType<typeof createScoreboard>, mute: HTMLElement): HTMLElement {
  const toggleLog = button(t.log, {
    class: 'icon-btn log-toggle',
    testid: 'toggle-log',
    attrs: { 'aria-label': t.log, title: t.log, 'aria-expanded': 'false' },
    on: { click: () => toggleLog.setAttribute('aria-expanded', String(main.classList.toggle('show-log'))) },
  }, 'list');
  return h(
    'header',
    { class: 'topbar' },
    button('', { class: 'icon-btn', testid: 'back', attrs: { 'aria-label': t.home, title: t.home }, on: { click: () => source.leave() } }, 'home'),
    scoreboard.el,
    scoreboard.tilesChip,
    mute,
    toggleLog,
  );
}

/** The game screen; a change of language draws it again from the game as it stands (nav.ts). */
export function gameScreen(root: HTMLElement, route: GameRoute): () => void {
  return redrawnOnLanguage(root, route.view, (r, view) => mountGame(r, { ...route, view }));
}

/** The buttons after the decision's own: retry a failing bot, see the results. */
function extraButtons(ctrl: GameController, source: GameSource): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (!ctrl.humanPending() && ctrl.botStuck()) out.push(button(t.retryBot, { class: 'btn', testid: 'retry-bot', on: { click: () => ctrl.retryBot() } }));
  if (ctrl.view.over) out.push(button(t.seeResults, { class: 'btn primary', testid: 'see-results', on: { click: () => source.finished(ctrl.view) } }));
  return out;
}

type GameRoute = { view: GameView; source?: GameSource; tutorial?: TutorialTurn[] };

function mountGame(root: HTMLElement, route: GameRoute): Redrawable<GameView> {
  const guide = route.tutorial ? tutorialGuide(route.view.id, route.tutorial) : null;
  const ctrl = controllerFor({ view: route.view, source: guide?.source ?? route.source });
  const source = ctrl.source;

  // ------------------------------------------------------------------ the views
  const board = new Board({ interactive: true, tiles: app.tiles, label: t.boardLabel });
  const camera = new Camera(board, ctrl);
  const scoreboard = createScoreboard();
  const prompt = createPrompt();
  const [describer, announcer] = [createDescriber(), createAnnouncer()];
  const tray = createTray(ctrl);
  const main = h('main', { class: 'screen game', testid: 'game', data: { gameId: ctrl.view.id } });
  const undo = undoer(ctrl, main);
  const { info, aids } = sidePanel(main, board, undo, ctrl, () => scoreboard.render(ctrl.view));
  const mutes = [muteButton('top'), muteButton('corner')];
  const topbar = topBar(main, source, scoreboard, mutes[0].el);
  scoreboard.tilesChip.addEventListener('click', () => aidsAllowed(ctrl.view) && showBag(ctrl.view));
  const zoom = zoomControls(board, camera, mutes[1].el);
  zoom.prepend(aids.farmButton);
  zoom.prepend(keyHelpButton());

  const boardWrap = h('div', { class: 'board-wrap' }, board.svg, prompt.el, prompt.banner, zoom);
  const stepAside = yieldOverlays(
    () => [prompt.el, prompt.banner, ...zoom.querySelectorAll<HTMLElement>('.icon-btn')],
    () => [...board.svg.querySelectorAll('[data-testid="spot"]')],
  );
  board.onMoved = () => stepAside.check();
  main.append(topbar, boardWrap, tray.el, info.el, describer.el, announcer.el);
  root.appendChild(main);

  // ------------------------------------------------------------------ drawing from the state
  const renderDataset = (): void => {
    const p = ctrl.pending;
    main.dataset.mode = ctrl.mode();
    main.dataset.state = String(ctrl.view.state);
    board.svg.dataset.state = String(ctrl.view.state);
    main.dataset.busy = String(ctrl.busy);
    main.dataset.decision = p?.decision.kind ?? '';
    main.dataset.seat = p ? String(p.decision.seat) : '';
    main.style.setProperty('--seat', seatColour(ctrl.view, p?.decision.seat));
  };

  const renderBoardSpots = (): void => {
    const hp = ctrl.humanPending();
    // nearest the last tile first; keepSpotInSight then puts one on screen in front (the first Tab stop)
    const near = ctrl.view.last_placed ?? [0, 0];
    const d = (at: Pos): number => Math.hypot(at[0] - near[0], at[1] - near[1]);
    board.setSpots(hp && hp.placements.length ? [...hp.placements].sort((a, b) => d(a.at) - d(b.at)) : null);
    stepAside.check();
    const tt = ctrl.tentative;
    const tileId = ctrl.tileId();
    board.setTentative(tt && tileId ? { tile: tileId, at: tt.at, rotation: tt.rotation, colour: seatColour(ctrl.view, hp?.decision.seat) } : null);
    describer.render(ctrl.view, board, hp !== null, tt && tileId ? { tile: tileId, at: tt.at, rotation: tt.rotation } : null);
    if (tt) board.setGhost(null);
  };

  let shownMarkers: Marker[] = [];
  /** Everything that depends on the pending decision and the tentative placement. */
  const renderDecision = (): void => {
    renderDataset();
    prompt.render(ctrl);
    renderBoardSpots();
    const markers: Marker[] = [];
    shownMarkers = markers;
    const parts = [...decisionParts({ ctrl, board, area: tray.choiceArea, markers }), ...extraButtons(ctrl, source)];
    tray.choiceArea.replaceChildren(...parts);
    tray.choiceArea.hidden = parts.length === 0;
    board.setMarkers(markers);
    tray.render(ctrl, board);
  };

  const hear = soundsOfViews(source);
  const renderView = (fresh: boolean, newState: boolean): void => {
    const v = ctrl.view;
    hear(v, fresh);
    announcer.hear(v, fresh, (s) => !v.seats[s]?.bot && source.mine(s));
    if (newState) board.setGhost(null);
    if (!animationsOn() || fresh) board.clearFlashes();
    const placer = v.last_placed_by ?? null;
    const added = board.setTiles(v.tiles, !fresh && animationsOn());
    board.setLastPlaced(v.last_placed, placer !== null ? seatColour(v, placer) : null);
    aids.render(v);
    board.setFollowers(v.followers, v.seats);
    scoreboard.render(v);
    info.render(v, ctrl.canUndo());
    info.renderScores(v, fresh);
    renderDecision();
    camera.afterView(fresh, added.length);
  };

  ctrl.onChange((c: Change) => {
    switch (c.type) {
      case 'view':
        return renderView(c.fresh, c.newState);
      case 'decision':
        return renderDecision();
      case 'busy':
        main.dataset.busy = String(ctrl.busy);
        return;
      case 'banner': {
        const name = seatName(ctrl.view, c.seat);
        return prompt.showBanner(c.turn ? t.turnOf(name) : t.passDevice(name));
      }
      case 'moved':
        return board.ensureVisible(c.at, 0);
      case 'previewed':
        // the choices may have made the board smaller: keep the tile in sight, its spots apart
        // (measured next frame; until then the board says it may still move)
        board.holdUnsettled();
        requestAnimationFrame(() => {
          const tt = ctrl.tentative;
          if (tt && !ctrl.isDisposed && !camera.spreadSpots(tt.at, shownMarkers)) board.ensureVisible(tt.at, 0);
          board.settle();
        });
    }
  });

  bindBoardInput(board, ctrl, tray.choiceArea, camera);
  const nav = createKeyboardNav(main, board, tray.choiceArea, (at) => board.onSpotHover?.(at));
  const unbindKeys = bindBoardKeys(board, {
    rotate: () => ctrl.rotate(),
    confirm: () => void ctrl.confirm(),
    closePanel: () => main.classList.contains('show-log') && (main.classList.remove('show-log'), true),
    takeBack: () => ctrl.takeBack(),
    centre: () => camera.centre(),
    fitAll: () => camera.fitAll(),
    farmView: () => aids.toggleFarms(),
    undo,
    nav,
  });

  const unguide = guide?.mount(ctrl, tray.el, main);
  ctrl.start();
  requestAnimationFrame(() => {
    if (!ctrl.isDisposed) camera.frame(0);
  });

  const dispose = (): void => {
    [ctrl, prompt, ...mutes, aids, stepAside, nav].forEach((x) => x.dispose());
    unbindKeys();
    unguide?.();
    board.destroy();
  };
  return { dispose, state: () => ctrl.view };
}
