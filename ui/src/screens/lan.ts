// Play on the network: host a table (room code, address, QR code) or join one found nearby
// or typed in. A table is played in its own page, served by the host; in the app it opens in
// a window of its own, in a browser in a new tab.
import { call } from '../api';
import { hostPort, tableUrl } from '../lan/address';
import type { Expansion, LanBotLevel, LanHostInfo, LanTable, Options, SavedTable } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { button, h, header } from './dom';
import { go } from './nav';
import { levelSelect } from '../table/seats';
import { rejoinCards } from './rejoin';
import { showError, toast } from './toast';
import { tlsFields } from './lan-tls';

interface TauriCore {
  core: { invoke: (cmd: string, args?: Record<string, unknown>) => Promise<unknown> };
}

/** Opens a table's page: a new app window (Tauri) or a new browser tab. */
async function openTable(url: string): Promise<void> {
  const tauri = (window as unknown as { __TAURI__?: TauriCore }).__TAURI__;
  if (tauri) {
    await tauri.core.invoke('open_table', { url });
  } else {
    window.open(url, '_blank', 'noopener');
  }
}

/** Sits at a table from this app, through its own client. */
function sitAt(url: string, room: string, admin: string | null = null): void {
  const address = hostPort(url);
  if (!address) {
    toast(t.lanBadAddress);
    return;
  }
  go({ name: 'table', room: room || (new URL(url, location.href).searchParams.get('room') ?? ''), admin, address });
}

/** Every rule variant at its default, from what the engine says. */
function defaultOptions(): Options {
  return Object.fromEntries(app.info.options.map((o) => [o.key, o.default])) as unknown as Options;
}

function hostedCard(info: LanHostInfo, onStop: () => void): HTMLElement {
  const qr = h('div', { class: 'lan-qr', testid: 'lan-qr' });
  const doc = new DOMParser().parseFromString(info.qr_svg, 'image/svg+xml');
  if (doc.documentElement.nodeName === 'svg') qr.appendChild(document.importNode(doc.documentElement, true));
  return h(
    'div',
    { class: 'lan-hosted', testid: 'lan-hosted' },
    h('p', { class: 'lan-room' }, t.lanRoom, ' ', h('strong', { testid: 'lan-room' }, info.room)),
    h('p', {}, t.lanJoinAt, ' ', h('code', { testid: 'lan-join-url' }, info.join_url)),
    qr,
    h('p', { class: 'muted' }, t.lanScan),
    info.fingerprint
      ? h('p', { class: 'muted lan-fingerprint', testid: 'lan-fingerprint' }, t.lanTlsShared, ' ', t.lanTlsFingerprint, ' ', h('code', {}, info.fingerprint))
      : info.advertised
        ? null
        : h('p', { class: 'muted' }, t.lanNotAdvertised(info.advert_error ?? '?')),
    info.save_error ? h('p', { class: 'problem', testid: 'lan-save-error' }, t.lanSaveError(info.save_error)) : null,
    h(
      'div',
      { class: 'row-buttons' },
      button(t.lanOpenMine, { class: 'btn primary', testid: 'lan-open-mine', on: { click: () => sitAt(info.admin_url, info.room, new URL(info.admin_url).searchParams.get('admin')) } }, 'play'),
      // a self-signed certificate's page would not open in the app's window
      info.fingerprint ? null : button(t.lanOpenPage, { class: 'btn', testid: 'lan-open-page', on: { click: () => void openTable(info.join_url).catch(showError) } }),
      button(t.lanStop, { class: 'btn', testid: 'lan-stop', on: { click: onStop } }, 'close'),
    ),
  );
}

/** A table hosted here that stopped mid-game (the app quit or crashed): take it up or discard it. */
function savedCard(saved: SavedTable, onResume: () => void, onDiscard: () => void): HTMLElement {
  const players = saved.players.filter((p) => p !== '').join(', ');
  return h(
    'div',
    { class: 'lan-saved', testid: 'lan-saved' },
    h('h3', {}, t.lanSavedTitle),
    saved.problem
      ? h('p', { class: 'problem' }, t.lanSavedProblem(saved.problem))
      : h('p', { testid: 'lan-saved-text' }, t.lanSaved(saved.name, saved.room, players, saved.moves, saved.started)),
    h(
      'div',
      { class: 'row-buttons' },
      saved.problem ? null : button(t.lanResume, { class: 'btn primary', testid: 'lan-resume', on: { click: onResume } }, 'play'),
      button(t.lanDiscard, { class: 'btn', testid: 'lan-discard', on: { click: onDiscard } }, 'close'),
    ),
    saved.problem ? null : h('p', { class: 'muted' }, t.lanSavedNew),
  );
}

function hostSection(): HTMLElement {
  const body = h('div', {});
  const name = h('input', { type: 'text', value: t.lanDefaultName, maxLength: 40, testid: 'lan-name', attrs: { 'aria-label': t.lanName } });
  const seats = h('select', { testid: 'lan-seats', attrs: { 'aria-label': t.lanSeats } }, ...[2, 3, 4, 5, 6].map((n) => h('option', { value: String(n) }, String(n))));
  let awayLevel: LanBotLevel = 'medium';
  const away = levelSelect(awayLevel, t.tableAwayLevel, 'lan-away-level', (l) => (awayLevel = l));
  // off by default: a friendly table waits; a host who wants a pace picks one
  const timer = h(
    'select',
    { testid: 'lan-turn-timer', attrs: { 'aria-label': t.lanTurnTimer } },
    h('option', { value: '' }, t.lanTurnTimerOff),
    ...[1, 2, 5].map((m) => h('option', { value: String(m * 60) }, t.lanTurnTimerMinutes(m))),
  );
  const tls = tlsFields();
  const sets = new Set<Expansion>(app.settings.last_setup?.sets ?? []);
  const boxes = h(
    'div',
    { class: 'lan-sets' },
    ...app.info.expansions.map((e) =>
      h(
        'label',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          checked: sets.has(e.id),
          testid: `lan-set-${e.id}`,
          on: { change: (ev) => ((ev.target as HTMLInputElement).checked ? sets.add(e.id) : sets.delete(e.id)) },
        }),
        t.expansionName(e.id),
      ),
    ),
  );
  const form = h(
    'div',
    { class: 'lan-form' },
    h('label', {}, t.lanName, name),
    h('label', {}, t.lanSeats, seats),
    h('label', {}, t.tableAwayLevel, away),
    h('label', {}, t.lanTurnTimer, timer),
    boxes,
    tls.element,
    button(t.lanHost, {
      class: 'btn primary',
      testid: 'lan-host',
      on: {
        click: () => {
          const files = tls.files();
          if (files === 'partial') {
            toast(t.lanTlsBoth);
            return;
          }
          void call('lan_host', {
            name: name.value.trim() || t.lanDefaultName,
            seats: Number(seats.value),
            sets: [...sets],
            options: app.settings.last_setup?.options ?? defaultOptions(),
            port: null,
            loopback_only: false,
            // the table follows this device's choice for games on it
            undo: app.settings.allow_undo,
            away_level: awayLevel,
            ...(timer.value ? { turn_timer: Number(timer.value) } : {}),
            ...(files ? { tls: files } : {}),
          })
            .then(show)
            .catch(showError);
        },
      },
    }, 'play'),
  );
  const show = (info: LanHostInfo | null): void => {
    if (info) {
      body.replaceChildren(hostedCard(info, () => void call('lan_stop').then(() => show(null)).catch(showError)));
      return;
    }
    body.replaceChildren(form);
    void call('lan_saved_table')
      .then((saved) => {
        if (!saved || !body.contains(form)) return;
        const resume = (): void => void call('lan_resume').then(show).catch(showError);
        const discard = (): void => void call('lan_discard_saved').then(() => show(null)).catch(showError);
        body.replaceChildren(savedCard(saved, resume, discard), form);
      })
      .catch(showError);
  };
  void call('lan_status').then(show).catch((e: unknown) => (showError(e), show(null)));
  return h('section', { class: 'card', testid: 'lan-host-section' }, h('h2', {}, t.lanHostTitle), h('p', { class: 'muted' }, t.lanHostHelp), body);
}

function joinSection(): HTMLElement {
  const list = h('ul', { class: 'lan-tables', testid: 'lan-tables' });
  const search = async (): Promise<void> => {
    list.replaceChildren(h('li', { class: 'muted' }, t.lanSearching));
    try {
      const tables: LanTable[] = await call('lan_tables');
      list.replaceChildren(
        ...(tables.length
          ? tables.map((tb) =>
              h(
                'li',
                {},
                button(tb.compatible ? tb.name : `${tb.name} (${t.lanIncompatible})`, {
                  class: 'btn',
                  testid: 'lan-table',
                  disabled: !tb.compatible || tb.urls.length === 0,
                  on: { click: () => sitAt(tb.urls[0] ?? '', '') },
                }),
              ),
            )
          : [h('li', { class: 'muted' }, t.lanNoneFound)]),
      );
    } catch (e) {
      list.replaceChildren();
      showError(e);
    }
  };
  const address = h('input', { type: 'text', placeholder: '192.168.1.20:7878', testid: 'lan-address', attrs: { 'aria-label': t.lanAddress } });
  const room = h('input', { type: 'text', placeholder: 'ABCD', maxLength: 12, testid: 'lan-room-code', attrs: { 'aria-label': t.lanRoom } });
  const join = (): void => {
    const url = tableUrl(address.value, room.value);
    if (!url) {
      toast(t.lanBadAddress);
      return;
    }
    sitAt(url, room.value.trim().toUpperCase());
  };
  return h(
    'section',
    { class: 'card', testid: 'lan-join-section' },
    h('h2', {}, t.lanJoinTitle),
    button(t.lanSearch, { class: 'btn', testid: 'lan-search', on: { click: () => void search() } }, 'target'),
    list,
    h('div', { class: 'lan-form' }, h('label', {}, t.lanAddress, address), h('label', {}, t.lanRoom, room), button(t.lanJoin, { class: 'btn primary', testid: 'lan-join', on: { click: join } }, 'play')),
  );
}

export function lanScreen(root: HTMLElement): void {
  root.appendChild(
    h('main', { class: 'screen lan', testid: 'lan' }, header(t.lanTitle, () => go({ name: 'home' })), rejoinCards(), h('div', { class: 'lan-grid' }, hostSection(), joinSection())),
  );
}
