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
    high_contrast: false,
    text_size: 100,
    purist: false,
  } as Settings,
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion (then nothing animates, whatever the setting). */
function systemReducesMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION).matches;
}

/** Whether anything moves on screen: the animation setting is on and the system does not object. */
export function animationsOn(): boolean {
  return app.settings.animation !== 0 && !systemReducesMotion();
}

/** How long an animation of `ms` (at normal speed) lasts with the current setting. */
export function animMs(ms: number): number {
  if (!animationsOn()) return 0;
  return app.settings.animation === 2 ? ms / 2 : ms;
}

/** The text size setting as a factor, kept within 100–150 % whatever the file says. */
export function textScale(): number {
  const n = Number(app.settings.text_size);
  return Number.isFinite(n) ? Math.min(150, Math.max(100, n)) / 100 : 1;
}

let watchingMotion = false;

/**
 * Reflects the settings on the page: animations off (by the setting or the system: no CSS
 * animation or transition either), high contrast, the text size.
 */
export function applySettings(): void {
  document.body.classList.toggle('anim-0', !animationsOn());
  document.body.classList.toggle('anim-fast', app.settings.animation === 2);
  document.body.classList.toggle('high-contrast', app.settings.high_contrast === true);
  document.documentElement.style.setProperty('--text', String(textScale()));
  // a few layouts make room for larger text (style.css `[data-text-scaled]`)
  document.documentElement.toggleAttribute('data-text-scaled', textScale() > 1);
  if (!watchingMotion && typeof matchMedia === 'function') {
    // the system's preference may change while the app runs
    matchMedia(REDUCED_MOTION).addEventListener('change', applySettings);
    watchingMotion = true;
  }
}

/** Whether learning aids may show in a game: not in purist mode, nor at a purist table. */
export function aidsAllowed(view: { purist?: boolean }): boolean {
  return !app.settings.purist && !view.purist;
}
