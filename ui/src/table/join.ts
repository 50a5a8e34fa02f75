// Joining a LAN table from a page: the room code and a name, to play or to watch. The name is
// remembered; a browser that already holds a seat at the room goes straight back in.
import { languageCodes, setLanguage, t } from '../i18n/index';
import { button, h } from '../screens/dom';

const NAME_KEY = 'carcassonne-name';
const SEAT_KEY = 'carcassonne-table';
const LANGUAGE_KEY = 'carcassonne-language';

/** The language this browser chose at a table ('' until it chooses: the system's). */
export function tableLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The phone page has no Settings: a small switch of language, remembered by this browser. */
function languageSwitch(): HTMLElement {
  const select = h(
    'select',
    {
      testid: 'table-language',
      attrs: { 'aria-label': t.language },
      on: {
        change: () => {
          try {
            localStorage.setItem(LANGUAGE_KEY, select.value);
          } catch {
            // private mode: the choice lasts as long as the page
          }
          setLanguage(select.value);
        },
      },
    },
    ...languageCodes.map((c) => h('option', { value: c, selected: c === t.lang }, t.languageNames[c] ?? c)),
  );
  return h('label', { class: 'table-language' }, t.language, select);
}

export type JoinAs = 'player' | 'spectator';

/** The name this browser joined with last (or the guest's). */
export function rememberedName(): string {
  return localStorage.getItem(NAME_KEY) ?? t.tableGuest;
}

/** Whether this browser already holds a seat at `room` (then it goes straight back in). */
export function hasSeat(room: string): boolean {
  try {
    const s = JSON.parse(localStorage.getItem(SEAT_KEY) ?? 'null') as { room?: string; token?: string } | null;
    return !!s && s.room === room.toUpperCase() && !!s.token;
  } catch {
    return false;
  }
}

/** The join form; `onJoin` gets the room code (upper case), the name and how to sit. */
export function joinForm(room: string, onJoin: (room: string, name: string, as: JoinAs) => void): HTMLElement {
  const roomInput = h('input', { type: 'text', value: room, maxLength: 12, testid: 'table-room', attrs: { 'aria-label': t.tableRoom, autocapitalize: 'characters', autocomplete: 'off' } });
  const name = h('input', { type: 'text', value: localStorage.getItem(NAME_KEY) ?? '', maxLength: 32, testid: 'table-name', attrs: { 'aria-label': t.tableName } });
  const join = (as: JoinAs): void => {
    const n = name.value.trim() || t.tableGuest;
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      // private mode: the name is asked again next time
    }
    onJoin(roomInput.value.trim().toUpperCase(), n, as);
  };
  return h(
    'section',
    { class: 'card table-join' },
    h('h1', {}, t.tableTitle),
    h('label', {}, t.tableRoom, roomInput),
    h('label', {}, t.tableName, name),
    h(
      'div',
      { class: 'row-buttons' },
      button(t.tablePlay, { class: 'btn primary', testid: 'table-play', on: { click: () => join('player') } }, 'play'),
      button(t.tableWatch, { class: 'btn', testid: 'table-watch', on: { click: () => join('spectator') } }),
    ),
    languageSwitch(),
  );
}
