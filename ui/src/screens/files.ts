// Game records as files: exported through the platform's Save dialog in the app (its own
// commands, src-tauri/src/files.rs) or as a download in a browser; imported through the Open
// dialog, a file picker, or a file dropped on the window. The engine checks what comes in.
import { call, inApp, invokeApp } from '../api';
import type { Imported } from '../bindings';
import { t } from '../i18n/index';
import { h } from './dom';
import { showError, toast } from './toast';

/** Saves a game's record; resolves to whether a file was written (false: cancelled). */
export async function exportGame(game: number): Promise<boolean> {
  if (inApp()) return (await invokeApp('save_record_file', { req: { game, filter: t.recordFiles } })) as boolean;
  const file = await call('export_record', { game });
  const url = URL.createObjectURL(new Blob([file.json], { type: 'application/json' }));
  const a = h('a', { href: url, download: file.name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}

/** Exports a game and says so once the file is written; an error is shown. */
export async function exportWithNote(game: number): Promise<void> {
  try {
    if (await exportGame(game)) toast(t.historyExported, 'info');
  } catch (e) {
    showError(e);
  }
}

/** A file the player picks in the browser's own picker (null: none picked). */
function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = h('input', { type: 'file', attrs: { accept: '.json,application/json' }, testid: 'import-input' });
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve(null);
      input.remove();
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** Imports a record file the player picks; null when none was picked. */
export async function importGame(): Promise<Imported | null> {
  if (inApp()) return (await invokeApp('open_record_file', { req: { filter: t.recordFiles } })) as Imported | null;
  const file = await pickFile();
  return file ? importFile(file) : null;
}

/** Imports a record from a file (picked or dropped). */
export async function importFile(file: File): Promise<Imported> {
  return call('import_record', { json: await file.text() });
}
