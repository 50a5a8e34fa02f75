// What every screen needs: the app's catalogue (expansions, bots, tiles) and the settings.
import type { AppInfo, Settings, TileInfo } from './bindings';

export const app = {
  info: null as unknown as AppInfo,
  /** One TileInfo object per tile type (the art caches its layout per object). */
  tiles: new Map<string, TileInfo>(),
  settings: {
    language: '',
    animation: 1,
    learning_aids: true,
    bot_delay_ms: 600,
    last_setup: null,
    volume: 70,
    muted: false,
    show_holes: true,
    show_projection: false,
    purist: false,
  } as Settings,
};

/** How long an animation of `ms` (at normal speed) lasts with the current setting. */
export function animMs(ms: number): number {
  const a = app.settings.animation;
  return a === 0 ? 0 : a === 2 ? ms / 2 : ms;
}

/** Reflects the settings on the page (animations off: no CSS animation either). */
export function applySettings(): void {
  document.body.classList.toggle('anim-0', app.settings.animation === 0);
  document.body.classList.toggle('anim-fast', app.settings.animation === 2);
}

/** Whether learning aids may show in a game: not in purist mode, nor at a purist table. */
export function aidsAllowed(view: { purist?: boolean }): boolean {
  return !app.settings.purist && !view.purist;
}
