// The web app's home when a LAN table served it (`carcassonne host --ui target/web-app`): a
// way to that table's join form (its room code typed, as the host shows it).
import { t } from '../i18n/index';
import { servedByTable } from '../web/client';
import { button } from './dom';
import { go } from './nav';

export function joinThisTable(): HTMLElement[] {
  if (!servedByTable()) return [];
  const open = () => go({ name: 'table', room: '', admin: null, address: null });
  return [button(t.homeJoinHere, { class: 'btn big', testid: 'home-join-here', on: { click: open } }, 'people')];
}
