// The sound level (volume, mute) every screen plays at: the app's settings, or, on a page that
// a LAN table serves (no settings of its own), the browser's storage.
import { call } from '../api';
import { app } from '../state';
import type { SoundLevel } from './player';

const KEY = 'carcassonne.sound';

/** Where the level is kept: the app's settings (default) or this browser's storage. */
let inBrowser = false;

/** A table's page: the level lives in this browser's storage. */
export function keepSoundInBrowser(): void {
  inBrowser = true;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SoundLevel> | null;
    if (saved && typeof saved.volume === 'number') app.settings.volume = Math.max(0, Math.min(100, saved.volume));
    if (saved && typeof saved.muted === 'boolean') app.settings.muted = saved.muted;
  } catch {
    // unreadable storage: the defaults
  }
}

const watchers = new Set<() => void>();

/** Calls `fn` whenever the level changes (a mute switch elsewhere on the screen); returns the unwatch. */
export function watchSound(fn: () => void): () => void {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

export function soundLevel(): SoundLevel {
  // settings saved before sound existed have neither field
  return { volume: app.settings.volume ?? 70, muted: app.settings.muted ?? false };
}

/** Changes the level and keeps it (a failure to save leaves the change for this session). */
export async function setSoundLevel(patch: Partial<SoundLevel>): Promise<void> {
  Object.assign(app.settings, patch);
  for (const fn of watchers) fn();
  if (inBrowser) {
    try {
      localStorage.setItem(KEY, JSON.stringify(soundLevel()));
    } catch {
      // private browsing or a full storage: the level holds until the page closes
    }
    return;
  }
  app.settings = await call('save_settings', { ...app.settings });
}
