// The tile gallery as a screen of the app.
import { renderGallery } from '../gallery';
import { t } from '../i18n/index';
import { app } from '../state';
import { h, header } from './dom';
import { go } from './nav';

export function galleryScreen(root: HTMLElement): void {
  const body = h('div', { class: 'gallery-host' });
  root.appendChild(h('main', { class: 'screen gallery', testid: 'gallery' }, header(t.homeGallery, () => go({ name: 'home' })), body));
  renderGallery(body, [...app.tiles.values()], { size: 110, anchors: false });
}
