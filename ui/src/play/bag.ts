// The bag by tile type (a learning aid opened from the tiles-left counter): every tile type
// still to come with its picture and how many, grouped by set, river tiles first when a river
// is still being drawn. The counts are the API's (GameView.tiles_left_by_type).
import { tileSvg } from '../art/index';
import type { GameView, TileSet } from '../bindings';
import { t } from '../i18n/index';
import { button, h } from '../screens/dom';
import { app } from '../state';

/** Opens the bag's panel over the board; Escape, the close button or a click outside shut it. */
export function showBag(view: GameView): void {
  const groups = new Map<TileSet, { id: string; count: number }[]>();
  for (const { tile, count } of view.tiles_left_by_type) {
    const set = app.tiles.get(tile)?.set ?? 'base';
    if (!groups.has(set)) groups.set(set, []);
    groups.get(set)!.push({ id: tile, count });
  }
  const close = (): void => {
    overlay.remove();
    document.removeEventListener('keydown', onKey, true);
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key !== 'Escape') return;
    ev.stopPropagation();
    close();
  };
  const tileCard = (id: string, count: number): HTMLElement => {
    const info = app.tiles.get(id);
    return h(
      'li',
      { class: 'bag-tile', testid: 'bag-tile', data: { tile: id, count }, attrs: { 'aria-label': t.bagTile(count) } },
      info ? tileSvg(info, { size: 56 }) : null,
      h('span', { class: 'bag-count' }, `×${count}`),
    );
  };
  const overlay = h(
    'div',
    { class: 'modal-overlay', on: { click: (ev) => ev.target === overlay && close() } },
    h(
      'div',
      { class: 'modal bag-panel', testid: 'bag', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-label': t.bagTitle } },
      h('div', { class: 'bag-head' }, h('h2', {}, t.bagTitle), button('', { class: 'icon-btn', testid: 'bag-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: close } }, 'close')),
      h('p', { class: 'note' }, t.tilesLeft(view.tiles_left)),
      ...[...groups].map(([set, tiles]) => h('section', { class: 'bag-set', data: { set } }, h('h3', {}, t.tileSetName(set)), h('ul', { class: 'bag-tiles' }, ...tiles.map((x) => tileCard(x.id, x.count))))),
    ),
  );
  document.body.appendChild(overlay);
  document.addEventListener('keydown', onKey, true);
}
