// The new-game screen's seats: who sits (a profile or a bot), a bot's colour, removal.
import type { SeatRequest } from '../bindings';
import { t } from '../i18n/index';
import { followerIcon, h, icon } from '../screens/dom';
import { app } from '../state';
import { seatColour, setSeat, type SetupModel } from './model';

function seatSelect(m: SetupModel, s: SeatRequest, i: number, changed: () => void): HTMLSelectElement {
  const select = h(
    'select',
    { testid: 'seat-select', attrs: { 'aria-label': t.seatN(i + 1) }, on: { change: () => (setSeat(m, i, select.value), changed()) } },
    m.profiles.length ? h('optgroup', { label: t.humans }, ...m.profiles.map((p) => h('option', { value: `profile:${p.profile.id}` }, p.profile.name))) : null,
    h('optgroup', { label: t.bots }, ...app.info.bots.map((b) => h('option', { value: `bot:${b.id}`, title: t.botBlurb(b.id) }, t.botOption(b.name)))),
  );
  select.value = s.type === 'human' ? `profile:${s.profile}` : `bot:${s.bot}`;
  return select;
}

/** A bot's colour swatches (a profile plays in its own colour). */
function botColours(s: SeatRequest & { type: 'bot' }, changed: () => void): HTMLElement {
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

export function seatRow(m: SetupModel, s: SeatRequest, i: number, changed: () => void): HTMLElement {
  const note = h('small', { class: 'note' }, s.type === 'bot' ? t.botBlurb(s.bot) : t.profileColourNote);
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
    h('span', { class: 'seat-piece' }, followerIcon('meeple', seatColour(s, m.profiles), 36)),
    h('div', { class: 'seat-main' }, seatSelect(m, s, i, changed), note),
    remove,
    s.type === 'bot' ? botColours(s, changed) : null,
  );
}
