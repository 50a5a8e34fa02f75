// The rules reference drawn (issue 33 item 3): a list of its sections, then one section per
// expansion of app_info with its tiles (the app's own art), what it adds, how it scores and its
// options. Each paragraph carries its rule ID and an id (`rule-R-BASE-7`) that links land on.
// Shown by the Rules screen (screens/rules.ts) and, over a game, by the rules window (dialog.ts).
import { tileGroup, tileSvg } from '../art/index';
import { el } from '../art/svg';
import type { Expansion, OptionInfo, TileInfo } from '../bindings';
import { t } from '../i18n/index';
import { h, type Child } from '../screens/dom';
import { app } from '../state';
import { ruleLinks } from './link';
import { anchorId, sectionsFor, type RulesSection } from './sections';

export interface RulesBody {
  readonly el: HTMLElement;
  /** Scrolls to `at` (a rule ID or an expansion) and puts the focus there. */
  land(at: string): void;
}

/** A tile as the board draws it, named below (the picture itself is decoration). */
function tileFigure(tile: TileInfo): HTMLElement {
  const svg = tileSvg(tile, { size: 84 });
  svg.removeAttribute('role');
  svg.setAttribute('aria-hidden', 'true');
  return h('figure', { class: 'rules-tile', data: { tileId: tile.id } }, svg, h('figcaption', {}, t.tileName(tile)));
}

/** The City of Carcassonne assembled from its cells. */
function cityFigure(): HTMLElement | null {
  const cells = [...app.tiles.values()].filter((c) => c.set === 'ckr_city' && c.board_position);
  if (!cells.length) return null;
  const cols = Math.max(...cells.map((c) => (c.board_position?.col ?? 0) + 1));
  const rows = Math.max(...cells.map((c) => (c.board_position?.row ?? 0) + 1));
  const svg = el('svg', { viewBox: `0 0 ${cols * 100} ${rows * 100}`, class: 'rules-city', 'aria-hidden': 'true' });
  for (const c of cells) {
    const pos = c.board_position ?? { col: 0, row: 0 };
    el('g', { transform: `translate(${pos.col * 100} ${pos.row * 100})` }, svg).appendChild(tileGroup(c, { frame: false }));
  }
  return h('figure', { class: 'rules-tile rules-city-figure' }, svg, h('figcaption', {}, t.galleryCityPicture));
}

function pictures(s: RulesSection): HTMLElement | null {
  const figures = [...(s.city ? [cityFigure()] : []), ...s.tiles.map((id) => app.tiles.get(id)).map((tile) => (tile ? tileFigure(tile) : null))].filter((f): f is HTMLElement => !!f);
  return figures.length ? h('div', { class: 'rules-tiles', attrs: { role: 'group', 'aria-label': t.rulesTilesLabel } }, ...figures) : null;
}

/** One rule's paragraph: its ID, then its words. */
function paragraph(rule: string): HTMLElement {
  return h('p', { class: 'rule', testid: 'rule', data: { rule }, attrs: { id: anchorId(rule), tabindex: '-1' } }, h('span', { class: 'rule-id' }, rule), ' ', t.rulesText[rule] ?? '');
}

/** The options that apply with the section's expansions (the base game's: those of no expansion). */
function optionsOf(s: RulesSection): OptionInfo[] {
  return app.info.options.filter((o) => (s.id === 'base' ? o.expansions.length === 0 : o.expansions.some((e) => s.expansions.includes(e))));
}

function optionItem(o: OptionInfo, jump: (rule: string) => void): HTMLElement {
  const isDefault = (v: unknown): boolean => JSON.stringify(v) === JSON.stringify(o.default);
  return h(
    'li',
    { class: 'rules-option', data: { option: o.key } },
    h('strong', {}, t.optionName(o.key)),
    h('span', { class: 'rules-option-blurb' }, ...ruleLinks(t.optionBlurb(o.key), jump)),
    h('ul', { class: 'rules-values' }, ...o.values.map((v) => h('li', {}, t.optionValue(o.key, v.value), isDefault(v.value) ? h('em', {}, ` (${t.rulesDefault})`) : null))),
  );
}

/** The section's expansions the app offers (the base game always). */
function offeredOf(s: RulesSection): Expansion[] {
  return s.expansions.filter((e) => e === 'base' || app.info.expansions.some((x) => x.id === e));
}

/** The section's name: its expansions' names. */
const titleOf = (s: RulesSection): string => offeredOf(s).map((e) => t.expansionName(e)).join(' · ');

function sectionEl(s: RulesSection, jump: (rule: string) => void): HTMLElement {
  const titleId = `${anchorId(s.id)}-title`;
  const offered = offeredOf(s);
  const opts = optionsOf(s);
  const part = (title: string, rules: readonly string[]): Child[] => (rules.length ? [h('h3', {}, title), ...rules.map(paragraph)] : []);
  return h(
    'section',
    { class: 'card rules-section', testid: 'rules-section', data: { section: s.id }, attrs: { id: anchorId(s.id), tabindex: '-1', 'aria-labelledby': titleId } },
    h('h2', { attrs: { id: titleId } }, titleOf(s)),
    ...offered.map((e) => h('p', { class: 'note rules-blurb' }, offered.length > 1 ? t.labelled(t.expansionName(e)) + t.expansionBlurb(e) : t.expansionBlurb(e))),
    pictures(s),
    ...part(t.rulesAdds, s.adds),
    ...part(t.rulesScores, s.scores),
    h('h3', {}, t.rulesOptions),
    opts.length ? h('ul', { class: 'rules-options' }, ...opts.map((o) => optionItem(o, jump))) : h('p', { class: 'note' }, t.rulesNoOptions),
  );
}

/** The reference, its sections in app_info's order. */
export function rulesBody(): RulesBody {
  const sections = sectionsFor(app.info.expansions.map((e) => e.id));
  const land = (at: string): void => {
    const target = document.getElementById(anchorId(at));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  const contents = h(
    'nav',
    { class: 'rules-contents', attrs: { 'aria-label': t.rulesContents } },
    h('ul', {}, ...sections.map((s) => h('li', {}, h('button', { type: 'button', class: 'btn small', testid: 'rules-goto', data: { section: s.id }, on: { click: () => land(s.id) } }, titleOf(s))))),
  );
  const body = h('div', { class: 'rules-body', testid: 'rules-body' }, h('p', { class: 'note' }, t.rulesNote), contents, ...sections.map((s) => sectionEl(s, land)));
  return { el: body, land };
}
