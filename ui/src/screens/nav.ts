// Screen switching: one screen at a time in #app; each screen may return a clean-up function.
import type { GameView, NewGameRequest, Profile, TutorialTurn } from '../bindings';
import { onLanguageChange } from '../i18n/index';

export type Route =
  | { name: 'home' }
  | { name: 'profiles' }
  | { name: 'new-game'; setup?: NewGameRequest }
  | { name: 'game'; view: GameView; tutorial?: TutorialTurn[] }
  | { name: 'end'; view: GameView }
  | { name: 'settings' }
  | { name: 'gallery' }
  | { name: 'rules'; at?: string }
  | { name: 'lan' }
  | { name: 'history' }
  | { name: 'stats'; profile: Profile }
  | { name: 'replay'; game: number; at: number | null }
  | { name: 'table'; room: string; admin: string | null; address: string | null; rejoin?: { token: string | null; name: string } };

export type ScreenFn<R extends Route = Route> = (root: HTMLElement, route: R) => (() => void) | void;

type Table = { [K in Route['name']]: ScreenFn<Extract<Route, { name: K }>> };

let table: Table | null = null;
let dispose: (() => void) | void = undefined;
let root: HTMLElement | null = null;
let current: Route | null = null;

/** Screens that redraw their own words on a change of language: a game keeps its state, a table its connection. */
const redrawsItself: ReadonlySet<Route['name']> = new Set(['game', 'table']);

// a change of language draws the screen again, at once, in the new words
onLanguageChange(() => {
  if (current && !redrawsItself.has(current.name)) go(current);
});

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
  current = route;
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

/** A drawn screen that can say the state to draw it again from. */
export interface Redrawable<S> {
  dispose(): void;
  state(): S;
}

/**
 * A screen that keeps its state across a change of language (a game: its latest view, not the
 * one it opened with): drawn by `mount` from `first`, then again from the state of the drawing
 * it replaces. Returns the clean-up.
 */
export function redrawnOnLanguage<S>(root: HTMLElement, first: S, mount: (root: HTMLElement, state: S) => Redrawable<S>): () => void {
  let shown = mount(root, first);
  const off = onLanguageChange(() => {
    const state = shown.state();
    shown.dispose();
    root.replaceChildren();
    shown = mount(root, state);
  });
  return () => {
    off();
    shown.dispose();
  };
}
