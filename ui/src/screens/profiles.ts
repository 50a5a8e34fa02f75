// Profiles: create (name + colour), rename/recolour, delete (confirm), statistics.
import { call } from '../api';
import { MAX_NAME_CHARS, type ProfileCard } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { button, followerIcon, h, header } from './dom';
import { go } from './nav';
import { confirmDialog, errorText, showError } from './toast';

/** A colour picker: the app's colours as swatches plus a free colour input. */
export function colourPicker(initial: string, testid: string, onChange?: (c: string) => void): { el: HTMLElement; value: () => string } {
  const input = h('input', { type: 'color', value: initial, testid, class: 'colour-input', attrs: { 'aria-label': t.customColour, title: t.customColour } });
  const swatches = app.info.colours.map((c) =>
    h('button', {
      type: 'button',
      class: 'swatch',
      data: { colour: c },
      attrs: { 'aria-label': t.colourName(c), title: t.colourName(c) },
      style: `--c:${c}`,
      on: {
        click: () => {
          input.value = c;
          sync();
          onChange?.(c);
        },
      },
    }),
  );
  const sync = (): void => {
    for (const s of swatches) s.setAttribute('aria-pressed', String(s.dataset.colour === input.value.toLowerCase()));
  };
  input.addEventListener('input', () => {
    sync();
    onChange?.(input.value);
  });
  sync();
  return { el: h('div', { class: 'colour-picker' }, ...swatches, input), value: () => input.value.toLowerCase() };
}

function stats(card: ProfileCard): HTMLElement {
  const s = card.stats;
  const cell = (label: string, v: string): HTMLElement => h('div', { class: 'stat' }, h('span', { class: 'stat-v' }, v), h('span', { class: 'stat-l' }, label));
  return h(
    'div',
    { class: 'stats', attrs: { 'aria-label': t.profileStats(s.played, s.wins, s.average_score, s.best_score) } },
    cell(t.statGames, String(s.played)),
    cell(t.statWins, String(s.wins)),
    cell(t.statAverage, s.average_score.toFixed(1)),
    cell(t.statBest, String(s.best_score)),
  );
}

/**
 * A form's refusal shown under its name field, one at a time (a new one replaces the last),
 * cleared as soon as the name is edited.
 */
function fieldError(input: HTMLInputElement): { el: HTMLElement; show(e: unknown): void } {
  const el = h('p', { class: 'field-error', testid: 'field-error', attrs: { role: 'alert' } });
  el.hidden = true;
  const clear = (): void => {
    el.hidden = true;
    el.textContent = '';
    input.removeAttribute('aria-invalid');
  };
  input.addEventListener('input', clear);
  return {
    el,
    show(e) {
      console.warn(e);
      el.textContent = errorText(e);
      el.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    },
  };
}

export function profilesScreen(root: HTMLElement): void {
  const list = h('ul', { class: 'profile-list' });
  let cards: ProfileCard[] = [];

  const freeColour = (): string => app.info.colours.find((c) => !cards.some((p) => p.profile.colour === c)) ?? app.info.colours[0] ?? '#1f6fd1';

  const name = h('input', { type: 'text', testid: 'profile-name', placeholder: t.profileNamePlaceholder, maxLength: MAX_NAME_CHARS, attrs: { 'aria-label': t.profileName, autocomplete: 'off' } });
  const nameError = fieldError(name);
  let picker = colourPicker('#1f6fd1', 'profile-colour');
  const pickerHost = h('div', {}, picker.el);
  const create = async (ev: Event): Promise<void> => {
    ev.preventDefault();
    try {
      await call('create_profile', { name: name.value, colour: picker.value() });
      name.value = '';
      await load();
    } catch (e) {
      nameError.show(e);
    }
  };
  const form = h(
    'form',
    { class: 'card profile-new', on: { submit: (ev) => void create(ev) } },
    h('h2', {}, t.profilesNew),
    h('label', { class: 'field' }, h('span', {}, t.profileName), name),
    nameError.el,
    h('div', { class: 'field' }, h('span', {}, t.profileColour), pickerHost),
    button(t.profileCreate, { type: 'submit', class: 'btn primary', testid: 'profile-create' }, 'plus'),
  );

  const item = (card: ProfileCard): HTMLElement => {
    const p = card.profile;
    const li = h('li', { class: 'card profile-item', testid: 'profile-item', data: { profileId: p.id } });
    const show = (): void => {
      li.replaceChildren(
        h('div', { class: 'profile-head' }, followerIcon('meeple', p.colour, 40), h('span', { class: 'profile-name' }, p.name)),
        stats(card),
        h(
          'div',
          { class: 'row-buttons' },
          button(t.statsOpen, { class: 'btn', testid: 'profile-stats', on: { click: () => go({ name: 'stats', profile: p }) } }, 'chart'),
          button(t.edit, { class: 'btn', testid: 'profile-edit', on: { click: edit } }, 'pencil'),
          button(t.delete, { class: 'btn danger', testid: 'profile-delete', on: { click: () => void del() } }, 'trash'),
        ),
      );
    };
    const edit = (): void => {
      const nm = h('input', { type: 'text', value: p.name, testid: 'profile-edit-name', maxLength: MAX_NAME_CHARS, attrs: { 'aria-label': t.profileName } });
      const nmError = fieldError(nm);
      const pk = colourPicker(p.colour, 'profile-edit-colour');
      const save = async (ev: Event): Promise<void> => {
        ev.preventDefault();
        try {
          await call('update_profile', { id: p.id, name: nm.value, colour: pk.value() });
          await load();
        } catch (e) {
          nmError.show(e);
        }
      };
      li.replaceChildren(
        h(
          'form',
          { class: 'profile-edit', on: { submit: (ev) => void save(ev) } },
          h('label', { class: 'field' }, h('span', {}, t.profileName), nm),
          nmError.el,
          h('div', { class: 'field' }, h('span', {}, t.profileColour), pk.el),
          h(
            'div',
            { class: 'row-buttons' },
            button(t.cancel, { class: 'btn', on: { click: show } }),
            button(t.save, { type: 'submit', class: 'btn primary', testid: 'profile-save' }),
          ),
        ),
      );
      nm.focus();
    };
    const del = async (): Promise<void> => {
      if (!(await confirmDialog(t.profileDeleteAsk(p.name), t.delete))) return;
      try {
        await call('delete_profile', { id: p.id });
        await load();
      } catch (e) {
        showError(e);
      }
    };
    show();
    return li;
  };

  const load = async (): Promise<void> => {
    try {
      cards = await call('profiles');
      list.replaceChildren(...(cards.length ? cards.map(item) : [h('li', { class: 'empty' }, t.profilesEmpty)]));
      picker = colourPicker(freeColour(), 'profile-colour');
      pickerHost.replaceChildren(picker.el);
      list.dataset.ready = 'true';
    } catch (e) {
      showError(e);
    }
  };

  root.appendChild(
    h('main', { class: 'screen profiles', testid: 'profiles' }, header(t.profilesTitle, () => go({ name: 'home' })), h('div', { class: 'columns' }, form, list)),
  );
  void load();
}
