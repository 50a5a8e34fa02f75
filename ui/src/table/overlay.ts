// What floats over a LAN table on every screen: the link's status (and the reconnecting
// banner), the chat with quick reactions, the host's hand-over of away seats to bots, the
// countdowns before a silent seat goes to a bot, and the requests for a seat (reseating).
import { EMOTES } from '../bindings';
import { t } from '../i18n/index';
import { speakerName, type LanClient } from '../lan/client';
import { button, h } from '../screens/dom';
import { toast } from '../screens/toast';
import { createSeatPrompt } from './seats';
import { createUndoPrompt, tableSeatName } from './undo';

export interface Overlay {
  readonly el: HTMLElement;
  /** The link's state, and whether the host may hand away seats to bots. */
  renderLink(): void;
  renderChat(): void;
  /** A chat line or a reaction came: counted as unread while the chat is closed. */
  received(): void;
}

/** The host's command: every seat whose player is away goes to a bot. */
export function giveAwaySeatsToBots(client: LanClient | null, admin: string | null): void {
  if (!admin || !client?.lobby) return;
  client.lobby.seats.forEach((s, i) => s.kind === 'human' && !s.connected && client.admin(admin, { command: 'give_to_bot', seat: i }));
}

function chatPanel(client: () => LanClient | null): { el: HTMLElement; list: HTMLElement; input: HTMLInputElement } {
  const list = h('ol', { class: 'chat-list', testid: 'chat-list', attrs: { 'aria-live': 'polite' } });
  const input = h('input', { type: 'text', maxLength: 280, testid: 'chat-input', attrs: { 'aria-label': t.tableSay, placeholder: t.tableSay } });
  const send = (): void => {
    const text = input.value.trim();
    const c = client();
    if (text && c) c.say(text);
    input.value = '';
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') send();
  });
  const el = h(
    'div',
    { class: 'chat-panel', testid: 'chat-panel', hidden: true },
    list,
    h('div', { class: 'chat-send' }, input, button(t.tableSend, { class: 'btn', testid: 'chat-send', on: { click: send } })),
    h('div', { class: 'emotes' }, ...EMOTES.map((e) => button(t.emotes[e] ?? e, { class: 'btn emote', testid: 'emote', data: { emote: e }, attrs: { 'aria-label': t.emoteNames[e] ?? e }, on: { click: () => client()?.emote(e) } }))),
  );
  return { el, list, input };
}

/** The countdowns still running, in words (seconds left on this device's clock). */
function countdownText(c: LanClient, now: number): string {
  return [...c.countdowns.values()]
    .filter((d) => d.until > now)
    .map((d) => t.tableCountdown(tableSeatName(c, d.seat), d.step, d.reason, Math.ceil((d.until - now) / 1000)))
    .join(' ');
}

export function createOverlay(client: () => LanClient | null, admin: string | null): Overlay {
  const linkPill = h('span', { class: 'link-pill', testid: 'link', attrs: { role: 'status', 'aria-live': 'polite' } });
  const banner = h('div', { class: 'reconnect-banner', testid: 'reconnecting', hidden: true, attrs: { role: 'alert' } }, t.tableReconnecting);
  const chat = chatPanel(client);
  let unread = 0;
  const renderChat = (): void => {
    const c = client();
    if (!c) return;
    chat.list.replaceChildren(
      ...(c.chat.length ? c.chat.map((line) => h('li', { testid: 'chat-line' }, h('strong', {}, t.labelled(speakerName(line.from))), line.text)) : [h('li', { class: 'muted' }, t.tableNoChat)]),
    );
    chat.list.scrollTop = chat.list.scrollHeight;
    chatBtn.textContent = unread ? `${t.tableChat} (${unread})` : t.tableChat;
  };
  const chatBtn = button(t.tableChat, {
    class: 'btn chat-toggle',
    testid: 'chat-toggle',
    on: {
      click: () => {
        chat.el.hidden = !chat.el.hidden;
        unread = 0;
        renderChat();
        if (!chat.el.hidden) chat.input.focus();
      },
    },
  });
  // The host's hand-over of seats whose players are away, during the game too.
  const awayBtn = button(t.tableBotsForAway, { class: 'btn small', testid: 'bots-for-away-bar', hidden: true, on: { click: () => giveAwaySeatsToBots(client(), admin) } });
  // The host's command for a connected player who holds the table at their turn: the host
  // announces a countdown, then a bot plays the seat (the player can take it back).
  const waitingSeat = (c: LanClient): number | null => {
    const seat = c.view?.pending?.decision.seat;
    if (seat === undefined || c.phase !== 'playing' || c.view?.pending?.by_bot || seat === c.seat) return null;
    return c.lobby?.seats[seat]?.kind === 'human' ? seat : null;
  };
  const waitingBtn = button(t.tableGiveWaiting, {
    class: 'btn small',
    testid: 'give-waiting-seat',
    hidden: true,
    on: {
      click: () => {
        const c = client();
        const seat = c ? waitingSeat(c) : null;
        if (c && admin && seat !== null) c.admin(admin, { command: 'give_to_bot', seat });
      },
    },
  });
  const notice = h('p', { class: 'lan-countdown', testid: 'countdown', hidden: true, attrs: { role: 'status', 'aria-live': 'polite' } });
  let tick = 0;
  let toldHandOver: LanClient['handedOver'] = null;
  // The countdown's seconds go down on their own, between the host's messages.
  const renderNotice = (): void => {
    clearTimeout(tick);
    const c = client();
    if (!c) return;
    const text = countdownText(c, Date.now());
    notice.textContent = text;
    notice.hidden = !text;
    if (text) tick = window.setTimeout(renderNotice, 1000);
    if (c.handedOver && c.handedOver !== toldHandOver) {
      toldHandOver = c.handedOver;
      toast(t.tableHandedOver(tableSeatName(c, c.handedOver.seat), c.handedOver.reason), 'info');
    }
  };
  const undo = createUndoPrompt(client);
  const seats = createSeatPrompt(client, admin);
  const el = h('div', { class: 'lan-overlay' }, banner, h('div', { class: 'lan-bar' }, linkPill, chatBtn, awayBtn, waitingBtn), notice, undo.el, seats.el, chat.el);
  return {
    el,
    renderLink() {
      const c = client();
      if (!c) return;
      const l = c.superseded || c.removed ? 'closed' : c.link;
      linkPill.dataset.link = l;
      renderNotice();
      undo.render();
      seats.render();
      linkPill.textContent = c.removed ? t.tableRemoved : c.superseded ? t.tableSuperseded : { connecting: t.tableConnecting, open: t.tableConnected, reconnecting: t.tableReconnecting, closed: t.tableClosed }[l];
      banner.hidden = l !== 'reconnecting';
      const away = c.lobby?.seats.some((s) => s.kind === 'human' && !s.connected) ?? false;
      awayBtn.hidden = !admin || c.phase !== 'playing' || !away;
      const waiting = waitingSeat(c);
      waitingBtn.hidden = !admin || waiting === null || c.countdowns.has(waiting);
    },
    renderChat,
    received() {
      if (chat.el.hidden) unread++;
      renderChat();
    },
  };
}
