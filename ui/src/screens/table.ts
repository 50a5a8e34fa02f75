// A LAN table from a player's device, served by the host: join with the room code, the lobby
// (with the host's controls on the host's own page), the fair draw, the game on the same board
// as a game on one device, connection status with automatic reconnection, chat and reactions,
// and at the end the results with the check of the draws.
import type { GameView } from '../bindings';
import { onLanguageChange, t } from '../i18n/index';
import { call } from '../api';
import { appDial, LanClient, Offline, webSocketDial } from '../lan/client';
import { checkByReplay } from '../lan/replay';
import { isWebApp } from '../web/client';
import { hasSeat, joinForm, rememberedName, type JoinAs } from '../table/join';
import { lobbyCards } from '../table/lobby';
import { createOverlay } from '../table/overlay';
import { endScreen } from './end';
import { gameScreen } from './game';
import type { GameSource } from './source';
import { button, h } from './dom';
import { go } from './nav';
import { toast } from './toast';

type TableRoute = { room: string; admin: string | null; address: string | null; rejoin?: { token: string | null; name: string } };

function wsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** In the app (an address given), its Rust client; in a page served by the table, a WebSocket. */
function dialTable(route: TableRoute, room: string, name: string, as: JoinAs): LanClient {
  const address = route.address;
  // the web app replays the draws with its own engine; the plain UI checks the hashes
  if (!address) return new LanClient(webSocketDial(wsUrl()), { room, name, as }, isWebApp() ? checkByReplay : null);
  // back from a link the app kept: its seat's token (this page may not hold it any more)
  const token = route.rejoin?.token ?? undefined;
  return new LanClient(appDial(address, room), { room, name, as, token }, async () => {
    const v = await call('lan_verify', { address, room });
    return { ok: v.ok, problem: v.problem, replayed: v.replayed, game: v.game };
  });
}

/** The board screen's seam to a table: this device plays its own seat; moves go to the host. */
function tableSource(client: () => LanClient | null, subs: Set<(v: GameView) => void>, leave: () => void, finished: () => void): GameSource {
  return {
    mine: (seat) => client()?.seat === seat,
    passAndPlay: false,
    refresh: async () => {
      const c = client();
      const v = c?.view;
      if (!v) throw new Offline('no_table');
      c.send({ type: 'sync' });
      return v;
    },
    play: (_seat, state, action) => client()!.act(state, action),
    undo: (state) => client()!.askUndo(state),
    mayUndo: (view) => {
      const c = client();
      if (!c?.lobby?.undo || c.seat === null || c.undoAsk) return false;
      // the last turn a person played, as the host counts it (a bot's turns come after)
      const last = [...view.turns].reverse().find((turn) => !view.seats[turn.seat]?.bot);
      return last?.seat === c.seat;
    },
    preview: (state, at, rotation) => client()!.preview(state, at, rotation),
    subscribe: (fn) => {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    leave,
    finished,
  };
}

/** The end's note on the draws: checked fair, unfair (why), being checked, or not checkable. */
function fairNote(c: LanClient): HTMLElement {
  const fair = c.fair;
  const text = fair ? (fair.ok ? (fair.replayed ? t.tableFairReplayed : t.tableFairOk) : t.tableFairBad(fair.problem ? t.fairProblem(fair.problem) : '?')) : c.result ? t.tableFairChecking : t.tableFairNone;
  return h('p', { class: `fair ${fair ? (fair.ok ? 'ok' : 'bad') : ''}`, testid: 'fair', data: { ok: fair ? String(fair.ok) : 'pending', replayed: String(!!fair?.replayed) } }, text);
}

export function tableScreen(root: HTMLElement, route: TableRoute): () => void {
  let client: LanClient | null = null;
  let offClient: (() => void) | null = null;
  let disposeGame: (() => void) | null = null;
  let disposeEnd: (() => void) | null = null;
  /** The check of the draws the end screen shows (drawn again only when it changes). */
  let endShown: string | null = null;
  const viewSubs = new Set<(v: GameView) => void>();
  const main = h('main', { class: 'screen table', testid: 'table' });
  root.appendChild(main);
  let overlay = createOverlay(() => client, route.admin);

  const closeScreens = (): void => {
    disposeGame?.();
    disposeGame = null;
    disposeEnd?.();
    disposeEnd = null;
  };

  const renderGame = (): void => {
    const v = client?.view;
    if (!v) return;
    if (disposeGame) {
      for (const fn of viewSubs) fn(v);
      return;
    }
    main.replaceChildren();
    const holder = h('div', { class: 'table-game' });
    main.append(holder, overlay.el);
    disposeGame = gameScreen(holder, { view: v, source: tableSource(() => client, viewSubs, leave, renderEnd) });
  };

  const renderEnd = (): void => {
    const c = client!;
    closeScreens();
    const note = fairNote(c);
    endShown = JSON.stringify(c.fair);
    const holder = h('div', { class: 'table-end', testid: 'table-end' });
    main.replaceChildren(holder, overlay.el);
    const leaveButton = (cls: string): HTMLElement => button(t.tableLeave, { class: cls, testid: 'leave', on: { click: leave } });
    const kept = c.fair?.game;
    const buttons = [leaveButton('btn big')];
    if (kept != null) {
      note.append(' ', h('span', { testid: 'table-kept' }, t.tableKept));
      buttons.push(button(t.historyReplay, { class: 'btn big', testid: 'table-replay', on: { click: () => go({ name: 'replay', game: kept, at: null }) } }, 'play'));
    }
    if (c.view) disposeEnd = endScreen(holder, { view: c.view, table: { note, buttons } });
    else holder.append(h('h1', {}, t.tableOver), note, leaveButton('btn'));
  };

  /** A refusal nobody awaited (moves refused answer their own promise). */
  const showRefusal = (c: LanClient): void => {
    const e = c.lastError;
    if (!e || e.reason === 'stale') return;
    toast(t.refusal(e));
  };

  const render = (what: string): void => {
    const c = client;
    if (!c) return;
    overlay.renderLink();
    if (what === 'chat' || what.startsWith('emote:')) {
      overlay.received();
      if (what.startsWith('emote:')) toast(`${t.emotes[what.slice(6)] ?? ''}`, 'info', 1500);
      return;
    }
    if (what === 'link') return;
    if (what === 'rejected') showRefusal(c);
    // a request standing or ended shows in the overlay (drawn above); the table is unchanged
    if (what === 'undo' || (what === 'seat_ask' && c.phase !== 'lobby')) return;
    if (c.phase === 'over' && c.result) {
      // the end screen is drawn again only when the check of the draws comes in
      if (!disposeGame && JSON.stringify(c.fair) !== endShown) renderEnd();
      else for (const fn of viewSubs) if (c.view) fn(c.view);
      return;
    }
    if (c.phase === 'playing' && c.view) renderGame();
    else if (c.you) main.replaceChildren(...lobbyCards(c, route.admin, leave), overlay.el);
    overlay.renderChat();
  };

  function connect(room: string, name: string, as: JoinAs): void {
    offClient?.();
    client?.close();
    client = dialTable(route, room, name, as);
    (window as unknown as { __table?: LanClient }).__table = client;
    offClient = client.on(render);
    main.replaceChildren(h('p', { class: 'muted', testid: 'table-connecting' }, t.tableConnecting), overlay.el);
    overlay.renderLink();
  }

  function leave(): void {
    closeScreens();
    offClient?.();
    client?.close();
    client = null;
    if (route.address) go({ name: 'lan' });
    else main.replaceChildren(joinForm(route.room, connect));
  }

  if (route.rejoin) connect(route.room.toUpperCase(), route.rejoin.name || rememberedName(), route.rejoin.token ? 'player' : 'spectator');
  else if (route.room && hasSeat(route.room)) connect(route.room.toUpperCase(), rememberedName(), 'player');
  else main.replaceChildren(joinForm(route.room, connect));

  // a change of language draws the table again in the new words, on the same connection (a
  // game under way redraws itself)
  const offLanguage = onLanguageChange(() => {
    const old = overlay.el;
    overlay = createOverlay(() => client, route.admin);
    old.replaceWith(overlay.el);
    const c = client;
    if (!c) return main.replaceChildren(joinForm(route.room, connect));
    if (disposeGame) return overlay.renderLink();
    endShown = null;
    if (c.phase === 'over' && c.result) renderEnd();
    else render('state');
  });

  return () => {
    offLanguage();
    disposeGame?.();
    disposeEnd?.();
    offClient?.();
    client?.close();
  };
}
