// Rule options as the new-game screen and the LAN lobby show them: one choice per option of
// app_info that applies to the chosen expansions.
import type { Expansion, JsonValue, Options } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { h } from './dom';

/** Options with every key of app_info at its default, then `given` on top. */
export function fullOptions(given?: Partial<Options> | null): Options {
  const o: Record<string, JsonValue> = {};
  for (const opt of app.info.options) o[opt.key] = opt.default;
  if (given) for (const [k, v] of Object.entries(given)) if (v !== undefined) o[k] = v as JsonValue;
  return o as unknown as Options;
}

/** The options that apply with `sets` (the base game's, and each chosen expansion's). */
function visibleOptions(sets: readonly Expansion[]) {
  return app.info.options.filter((o) => o.expansions.length === 0 || o.expansions.some((e) => sets.includes(e)));
}

/** One labelled choice per option that applies; `onChange` gets the key and its new value. */
export function optionChoices(sets: readonly Expansion[], options: Options, onChange: (key: string, value: JsonValue) => void): HTMLElement[] {
  const opts = options as unknown as Record<string, JsonValue>;
  return visibleOptions(sets).map((o) => {
    const current = JSON.stringify(opts[o.key] ?? o.default);
    const sel = h(
      'select',
      { testid: `option-${o.key}`, on: { change: () => onChange(o.key, JSON.parse(sel.value) as JsonValue) } },
      ...o.values.map((v) => h('option', { value: JSON.stringify(v.value), selected: JSON.stringify(v.value) === current }, t.optionValue(o.key, v.value))),
    );
    return h('label', { class: 'option', data: { option: o.key } }, h('span', { class: 'toggle-text' }, h('strong', {}, t.optionName(o.key)), h('small', {}, t.optionBlurb(o.key))), sel);
  });
}

/** The options that apply, read-only: "name: choice" for players who do not choose them. */
export function optionSummary(sets: readonly Expansion[], options: Options): HTMLElement[] {
  const opts = options as unknown as Record<string, JsonValue>;
  return visibleOptions(sets).map((o) => {
    const current = JSON.stringify(opts[o.key] ?? o.default);
    return h('li', { data: { option: o.key } }, h('strong', {}, t.labelled(t.optionName(o.key))), t.optionValue(o.key, JSON.parse(current)));
  });
}
