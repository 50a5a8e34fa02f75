// A LAN table from a player's device, served by the host: join with the room code, the lobby
// (with the host's controls on the host's own page), the fair draw, the game on the same board
// as a game on one device, connection status with automatic reconnection, chat and reactions,
// and at the end the results with the check of the draws.
import type { Emote, Expansion, GameView, LanSeatView } from '../bindings';
import { t } from '../i18n/index';
import { call } from '../api';
import { appDial, LanClient, speakerName, webSocketDial } from '../lan/client';
import { app } from '../state';
import { endScreen } from './end';
import { gameScreen } from './game';
import type { GameSource } from './source';
import { button, h } from './dom';
import { go } from './nav';
import { fullOptions, optionChoices, optionSummary } from './options';
import { toast } from './toast';

const NAME_KEY = 'carcassonne-name';
const EMOTES: Emote[] = ['thumbsup', 'laugh', 'wow', 'oops', 'good_game', 'hurry'];

function wsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Whether this browser already holds a seat at `room` (then it goes straight back in). */
function hasSeat(room: string): boolean {
  try {
    const s = JSON.parse(localStorage.getItem('carcassonne-table') ?? 'null') as { room?: string; token?: string } | null;
    return !!s && s.room === room.toUpperCase() && !!s.token;
  } catch {
    return false;
  }
}

export function tableScreen(root: HTMLElement, route: { room: string; admin: string | null; address: string | null }): () => void {
  let client: LanClient | null = null;
  let disposeGame: (() => void) | null = null;
  const viewSubs = new Set<(v: GameView) => void>();
  let offClient: (() => void) | null = null;

  const main = h('main', { class: 'screen table', testid: 'table' });
  root.appendChild(main);

  // ------------------------------------------------------------------ join form
  const joinForm = (): void => {
    const room = h('input', { type: 'text', value: route.room, maxLength: 12, testid: 'table-room', attrs: { 'aria-label': t.tableRoom, autocapitalize: 'characters', autocomplete: 'off' } });
    const name = h('input', { type: 'text', value: localStorage.getItem(NAME_KEY) ?? '', maxLength: 32, testid: 'table-name', attrs: { 'aria-label': t.tableName } });
    const go = (as: 'player' | 'spectator'): void => {
      const n = name.value.trim() || t.tableGuest;
      try {
        localStorage.setItem(NAME_KEY, n);
      } catch {
        // private mode: the name is asked again next time
      }
      connect(room.value.trim().toUpperCase(), n, as);
    };
    main.replaceChildren(
      h(
        'section',
        { class: 'card table-join' },
        h('h1', {}, t.tableTitle),
        h('label', {}, t.tableRoom, room),
        h('label', {}, t.tableName, name),
        h(
          'div',
          { class: 'row-buttons' },
          button(t.tablePlay, { class: 'btn primary', testid: 'table-play', on: { click: () => go('player') } }, 'play'),
          button(t.tableWatch, { class: 'btn', testid: 'table-watch', on: { click: () => go('spectator') } }),
        ),
      ),
    );
  };

  // ------------------------------------------------------------------ overlay: link, chat
  const linkPill = h('span', { class: 'link-pill', testid: 'link', attrs: { role: 'status', 'aria-live': 'polite' } });
  const banner = h('div', { class: 'reconnect-banner', testid: 'reconnecting', hidden: true, attrs: { role: 'alert' } }, t.tableReconnecting);
  const chatList = h('ol', { class: 'chat-list', testid: 'chat-list', attrs: { 'aria-live': 'polite' } });
  const chatInput = h('input', { type: 'text', maxLength: 280, testid: 'chat-input', attrs: { 'aria-label': t.tableSay, placeholder: t.tableSay } });
  const send = (): void => {
    const text = chatInput.value.trim();
    if (text && client) client.say(text);
    chatInput.value = '';
  };
  chatInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') send();
  });
  const chatPanel = h(
    'div',
    { class: 'chat-panel', testid: 'chat-panel', hidden: true },
    chatList,
    h('div', { class: 'chat-send' }, chatInput, button(t.tableSend, { class: 'btn', testid: 'chat-send', on: { click: send } })),
    h('div', { class: 'emotes' }, ...EMOTES.map((e) => button(t.emotes[e] ?? e, { class: 'btn emote', testid: 'emote', data: { emote: e }, attrs: { 'aria-label': e }, on: { click: () => client?.emote(e) } }))),
  );
  let unread = 0;
  const chatBtn = button(t.tableChat, {
    class: 'btn chat-toggle',
    testid: 'chat-toggle',
    on: {
      click: () => {
        chatPanel.hidden = !chatPanel.hidden;
        unread = 0;
        renderChat();
        if (!chatPanel.hidden) chatInput.focus();
      },
    },
  });
  // The host's hand-over of seats whose players are away, during the game too.
  const awayBtn = button(t.tableBotsForAway, {
    class: 'btn small',
    testid: 'bots-for-away-bar',
    hidden: true,
    on: {
      click: () => {
        const admin = route.admin;
        const c = client;
        if (!admin || !c?.lobby) return;
        c.lobby.seats.forEach((s, i) => s.kind === 'human' && !s.connected && c.admin(admin, { command: 'give_to_bot', seat: i }));
      },
    },
  });
  const bar = h('div', { class: 'lan-bar' }, linkPill, chatBtn, awayBtn);
  const overlay = h('div', { class: 'lan-overlay' }, banner, bar, chatPanel);

  const renderLink = (): void => {
    if (!client) return;
    const l = client.superseded ? 'closed' : client.link;
    linkPill.dataset.link = l;
    linkPill.textContent = client.superseded ? t.tableSuperseded : { connecting: t.tableConnecting, open: t.tableConnected, reconnecting: t.tableReconnecting, closed: t.tableClosed }[l];
    banner.hidden = l !== 'reconnecting';
    const away = client.lobby?.seats.some((s) => s.kind === 'human' && !s.connected) ?? false;
    awayBtn.hidden = !route.admin || client.phase !== 'playing' || !away;
  };
  const renderChat = (): void => {
    if (!client) return;
    chatList.replaceChildren(
      ...(client.chat.length ? client.chat.map((c) => h('li', { testid: 'chat-line' }, h('strong', {}, `${speakerName(c.from)}: `), c.text)) : [h('li', { class: 'muted' }, t.tableNoChat)]),
    );
    chatList.scrollTop = chatList.scrollHeight;
    chatBtn.textContent = unread ? `${t.tableChat} (${unread})` : t.tableChat;
  };

  // ------------------------------------------------------------------ lobby
  const seatLine = (s: LanSeatView, i: number): HTMLElement => {
    const c = client!;
    const mine = c.seat === i;
    const label = s.kind === 'empty' ? t.tableSeatEmpty : s.kind === 'bot' ? `${t.tableSeatBot}` : s.name;
    const admin = route.admin;
    const controls =
      admin && c.phase === 'lobby' && s.kind !== 'human'
        ? button(s.kind === 'bot' ? t.tableMakeEmpty : t.tableMakeBot, {
            class: 'btn small',
            testid: 'seat-toggle',
            on: { click: () => c.admin(admin, { command: 'set_seat', seat: i, kind: s.kind === 'bot' ? 'empty' : 'bot' }) },
          })
        : null;
    return h(
      'li',
      { class: `lobby-seat kind-${s.kind}`, testid: 'lobby-seat', data: { kind: s.kind, connected: String(s.connected) }, style: `--seat:${app.info.colours[i] ?? '#888'}` },
      h('span', { class: 'dot' }),
      h('span', { class: 'seat-label' }, label, mine ? ` (${t.tableYou})` : '', s.kind === 'human' && !s.connected ? ` — ${t.tableAway}` : ''),
      controls,
    );
  };

  const adminPanel = (): HTMLElement | null => {
    const admin = route.admin;
    const c = client!;
    if (!admin || !c.lobby || c.phase !== 'lobby') return null;
    const lobby = c.lobby;
    const count = h(
      'select',
      { testid: 'seat-count', attrs: { 'aria-label': t.tableSeatCount }, on: { change: (e) => c.admin(admin, { command: 'set_seat_count', count: Number((e.target as HTMLSelectElement).value) }) } },
      ...[2, 3, 4, 5, 6].map((n) => h('option', { value: String(n), selected: n === lobby.seats.length }, String(n))),
    );
    const sets = new Set<Expansion>(lobby.sets);
    const boxes = app.info.expansions
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
          e.name,
        ),
      );
    return h(
      'section',
      { class: 'card admin', testid: 'admin' },
      h('h2', {}, t.tableHostControls),
      h('label', {}, t.tableSeatCount, count),
      h('fieldset', { class: 'lan-sets' }, h('legend', {}, t.tableExpansions), ...boxes),
      h(
        'fieldset',
        { class: 'option-list', testid: 'table-options' },
        h('legend', {}, t.tableRules),
        ...optionChoices(lobby.sets, fullOptions(lobby.options), (key, value) => {
          const options = { ...fullOptions(lobby.options), [key]: value };
          c.admin(admin, { command: 'configure', sets: [...lobby.sets], options });
        }),
      ),
      h(
        'div',
        { class: 'row-buttons' },
        button(t.tableStart, { class: 'btn primary', testid: 'start', on: { click: () => c.admin(admin, { command: 'start' }) } }, 'play'),
        button(t.tableBotsForAway, {
          class: 'btn',
          testid: 'bots-for-away',
          on: { click: () => lobby.seats.forEach((s, i) => s.kind === 'human' && !s.connected && c.admin(admin, { command: 'give_to_bot', seat: i })) },
        }),
      ),
    );
  };

  // Everyone sees the rules the host chose before the game starts.
  const lobbyRules = (): HTMLElement[] => {
    const lobby = client?.lobby;
    if (!lobby) return [];
    const names = lobby.sets.filter((id) => id !== 'base').map((id) => app.info.expansions.find((e) => e.id === id)?.name ?? id);
    const rules = optionSummary(lobby.sets, fullOptions(lobby.options));
    return [
      h('h2', {}, t.tableRules),
      h('p', { testid: 'lobby-sets' }, `${t.tableExpansions}: `, names.length ? names.join(', ') : t.tableBaseOnly),
      rules.length ? h('ul', { class: 'lobby-rules', testid: 'lobby-rules' }, ...rules) : h('p', { class: 'muted' }, t.tableNoOptions),
    ];
  };

  const renderLobby = (): void => {
    const c = client!;
    const seats = c.lobby?.seats ?? [];
    const status = c.phase === 'drawing' ? t.tableDrawing : c.seat === null ? t.tableWatching : route.admin ? t.tableYouStart : t.tableWaitHost;
    main.replaceChildren(
      h(
        'section',
        { class: 'card lobby', testid: 'lobby' },
        h('h1', {}, `${t.tableRoom} `, h('strong', { testid: 'lobby-room' }, c.room)),
        h('p', { testid: 'lobby-status', class: 'muted' }, status),
        h('h2', {}, t.tableSeats),
        h('ol', { class: 'lobby-seats' }, ...seats.map((s, i) => seatLine(s, i))),
        ...lobbyRules(),
        button(t.tableLeave, { class: 'btn', testid: 'leave', on: { click: leave } }),
      ),
      adminPanel() ?? '',
      overlay,
    );
  };

  // ------------------------------------------------------------------ game and end
  const source = (): GameSource => ({
    mine: (seat) => client?.seat === seat,
    passAndPlay: false,
    refresh: async () => {
      const v = client?.view;
      if (!v) throw new Error('no table yet');
      client?.send({ type: 'sync' });
      return v;
    },
    play: (_seat, state, action) => client!.act(state, action),
    preview: (state, at, rotation) => client!.preview(state, at, rotation),
    subscribe: (fn) => {
      viewSubs.add(fn);
      return () => viewSubs.delete(fn);
    },
    leave,
    finished: () => renderEnd(),
  });

  const renderGame = (): void => {
    const v = client?.view;
    if (!v) return;
    if (disposeGame) {
      for (const fn of viewSubs) fn(v);
      return;
    }
    main.replaceChildren();
    const holder = h('div', { class: 'table-game' });
    main.append(holder, overlay);
    disposeGame = gameScreen(holder, { view: v, source: source() });
  };

  let disposeEnd: (() => void) | null = null;
  let endShown: string | null = null;
  const renderEnd = (): void => {
    const c = client!;
    disposeGame?.();
    disposeGame = null;
    disposeEnd?.();
    disposeEnd = null;
    const v = c.view;
    const fair = c.fair;
    const note = h(
      'p',
      { class: `fair ${fair ? (fair.ok ? 'ok' : 'bad') : ''}`, testid: 'fair', data: { ok: fair ? String(fair.ok) : 'pending', replayed: String(!!fair?.replayed) } },
      fair ? (fair.ok ? (fair.replayed ? t.tableFairReplayed : t.tableFairOk) : t.tableFairBad(fair.problem ?? '?')) : c.result ? t.tableFairChecking : t.tableFairNone,
    );
    endShown = JSON.stringify(fair);
    const holder = h('div', { class: 'table-end', testid: 'table-end' });
    main.replaceChildren(holder, overlay);
    if (v) disposeEnd = endScreen(holder, { view: v, table: { note, buttons: [button(t.tableLeave, { class: 'btn big', testid: 'leave', on: { click: leave } })] } });
    else holder.append(h('h1', {}, t.tableOver), note, button(t.tableLeave, { class: 'btn', testid: 'leave', on: { click: leave } }));
  };

  const render = (what: string): void => {
    const c = client;
    if (!c) return;
    renderLink();
    if (what === 'chat' || what.startsWith('emote:')) {
      if (chatPanel.hidden) unread++;
      renderChat();
      if (what.startsWith('emote:')) toast(`${t.emotes[what.slice(6)] ?? ''}`, 'info', 1500);
      return;
    }
    if (what === 'link') return;
    if (what === 'rejected' && c.lastError && c.lastError.reason !== 'stale') {
      // moves refused answer their own promise; here only what nobody awaited
      const e = c.lastError;
      toast(e.reason === 'not_away_long_enough' ? t.tableNotAwayLong(e.seconds_left) : t.tableRefused(e.reason));
    }
    if (c.phase === 'over' && c.result) {
      // the end screen is drawn again only when the check of the draws comes in
      const key = JSON.stringify(c.fair);
      if (!disposeGame && key !== endShown) {
        endShown = key;
        renderEnd();
      }
      else for (const fn of viewSubs) if (c.view) fn(c.view);
      return;
    }
    if (c.phase === 'playing' && c.view) renderGame();
    else if (c.you) renderLobby();
    renderChat();
  };

  function connect(room: string, name: string, as: 'player' | 'spectator'): void {
    offClient?.();
    client?.close();
    // In the app (an address given), its Rust client; in a page served by the table, a WebSocket.
    const address = route.address;
    client = address
      ? new LanClient(appDial(address, room), { room, name, as }, async () => {
          const v = await call('lan_verify', { address, room });
          return { ok: v.ok, problem: v.problem, replayed: v.replayed };
        })
      : new LanClient(webSocketDial(wsUrl()), { room, name, as });
    (window as unknown as { __table?: LanClient }).__table = client;
    offClient = client.on(render);
    main.replaceChildren(h('p', { class: 'muted', testid: 'table-connecting' }, t.tableConnecting), overlay);
    renderLink();
  }

  function leave(): void {
    disposeGame?.();
    disposeGame = null;
    disposeEnd?.();
    disposeEnd = null;
    offClient?.();
    client?.close();
    client = null;
    if (route.address) go({ name: 'lan' });
    else joinForm();
  }

  if (route.room && hasSeat(route.room)) connect(route.room.toUpperCase(), localStorage.getItem(NAME_KEY) ?? t.tableGuest, 'player');
  else joinForm();

  return () => {
    disposeGame?.();
    disposeEnd?.();
    offClient?.();
    client?.close();
  };
}
