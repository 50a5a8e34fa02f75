// Screen switching: one screen at a time in #app; each screen may return a clean-up function.
import type { GameView, NewGameRequest, Profile } from '../bindings';

export type Route =
  | { name: 'home' }
  | { name: 'profiles' }
  | { name: 'new-game'; setup?: NewGameRequest }
  | { name: 'game'; view: GameView }
  | { name: 'end'; view: GameView }
  | { name: 'settings' }
  | { name: 'gallery' }
  | { name: 'lan' }
  | { name: 'history' }
  | { name: 'stats'; profile: Profile }
  | { name: 'replay'; game: number; at: number | null }
  | { name: 'table'; room: string; admin: string | null; address: string | null };

export type ScreenFn<R extends Route = Route> = (root: HTMLElement, route: R) => (() => void) | void;

type Table = { [K in Route['name']]: ScreenFn<Extract<Route, { name: K }>> };

let table: Table | null = null;
let dispose: (() => void) | void = undefined;
let root: HTMLElement | null = null;

export function setScreens(r: HTMLElement, t: Table): void {
  root = r;
  table = t;
}

/** The game open in the address (`#game=ID`), which a reload comes back to. */
export function gameInAddress(): number | null {
  const m = /^#game=(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

/** Keeps the open game in the address; a LAN table's page keeps its own address (its room). */
function remember(route: Route): void {
  if (route.name === 'table') return;
  const hash = route.name === 'game' || route.name === 'end' ? `#game=${route.view.id}` : '';
  if (location.hash !== hash) history.replaceState(history.state, '', hash || location.pathname + location.search);
}

export function go(route: Route): void {
  if (!table || !root) return;
  remember(route);
  if (dispose) {
    try {
      dispose();
    } catch (e) {
      console.warn(e);
    }
  }
  dispose = undefined;
  root.replaceChildren();
  root.dataset.screen = route.name;
  document.body.dataset.screen = route.name;
  window.scrollTo(0, 0);
  const fn = table[route.name] as ScreenFn;
  dispose = fn(root, route);
}
