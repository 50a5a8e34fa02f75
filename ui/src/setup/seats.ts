// The new-game screen's seats: who sits (a profile, a guest or a bot), whether that is a person,
// a guest's name, a bot's or a guest's colour, removal.
import { MAX_NAME_CHARS, type SeatRequest } from '../bindings';
import { t } from '../i18n/index';
import { followerIcon, h, icon } from '../screens/dom';
import { app } from '../state';
import { seatColour, setSeat, type SetupModel } from './model';

function seatSelect(m: SetupModel, s: SeatRequest, i: number, changed: () => void): HTMLSelectElement {
  const select = h(
    'select',
    { testid: 'seat-select', attrs: { 'aria-label': t.seatN(i + 1) }, on: { change: () => (setSeat(m, i, select.value, t.guestDefault(i + 1)), changed()) } },
    h('optgroup', { label: t.humans }, ...m.profiles.map((p) => h('option', { value: `profile:${p.profile.id}` }, p.profile.name)), h('option', { value: 'guest:' }, t.guestOption)),
    h('optgroup', { label: t.bots }, ...app.info.bots.map((b) => h('option', { value: `bot:${b.id}`, title: t.botBlurb(b.id) }, t.botOption(t.botName(b.id, b.name))))),
  );
  select.value = s.type === 'human' ? `profile:${s.profile}` : s.type === 'guest' ? 'guest:' : `bot:${s.bot}`;
  return select;
}

/** A bot's or a guest's colour swatches (a profile plays in its own colour). */
function ownColours(s: SeatRequest & { type: 'bot' | 'guest' }, changed: () => void): HTMLElement {
  return h(
    'div',
    { class: 'colour-picker small', attrs: { role: 'group', 'aria-label': t.seatColour } },
    ...app.info.colours.map((c) =>
      h('button', {
        type: 'button',
        class: 'swatch',
        testid: 'seat-colour',
        data: { colour: c },
        style: `--c:${c}`,
        attrs: { 'aria-label': t.colourName(c), title: t.colourName(c), 'aria-pressed': String(c === s.colour) },
        on: { click: () => ((s.colour = c), changed()) },
      }),
    ),
  );
}

/** A guest's name, kept in the setup as it is typed (the API checks it). */
function guestName(s: SeatRequest & { type: 'guest' }, i: number): HTMLInputElement {
  const input = h('input', {
    type: 'text',
    value: s.name,
    testid: 'guest-name',
    attrs: { maxlength: String(MAX_NAME_CHARS), 'aria-label': `${t.guestName} (${t.seatN(i + 1)})`, placeholder: t.guestName, autocomplete: 'off' },
    on: { input: () => (s.name = input.value) },
  });
  return input;
}

/** Says whether a seat is played by a person or by a bot, in words and not only by its look. */
function seatKind(s: SeatRequest): HTMLElement {
  const bot = s.type === 'bot';
  return h('span', { class: `seat-kind ${bot ? 'bot' : 'person'}`, testid: 'seat-kind', data: { kind: bot ? 'bot' : 'person' } }, bot ? t.seatIsBot : t.seatIsPerson);
}

export function seatRow(m: SetupModel, s: SeatRequest, i: number, changed: () => void): HTMLElement {
  const note = h('small', { class: 'note' }, s.type === 'bot' ? t.botBlurb(s.bot) : s.type === 'guest' ? t.guestNote : t.profileColourNote);
  const remove = h(
    'button',
    {
      type: 'button',
      class: 'icon-btn subtle',
      testid: 'remove-seat',
      disabled: m.setup.seats.length <= app.info.min_players,
      attrs: { 'aria-label': t.removeSeat, title: t.removeSeat },
      on: { click: () => (m.setup.seats.splice(i, 1), changed()) },
    },
    icon('close', 20),
  );
  return h(
    'li',
    { class: 'seat-row', testid: 'seat-row', data: { seat: i } },
    h('span', { class: 'seat-piece' }, followerIcon('meeple', seatColour(s, m.profiles), 36, false, i)),
    h('div', { class: 'seat-main' }, h('div', { class: 'seat-line' }, seatKind(s), seatSelect(m, s, i, changed)), s.type === 'guest' ? guestName(s, i) : null, note),
    remove,
    s.type !== 'human' ? ownColours(s, changed) : null,
  );
}
