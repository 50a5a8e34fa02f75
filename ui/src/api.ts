// The one client of the app's API: Tauri IPC inside the app, the WebAssembly engine in the
// offline web app, HTTP (the UI server) in a plain browser. Same command names, same `{ req }`
// argument, same typed results.
import type { ApiError, Commands } from './bindings';
import { callWorker, isWebApp } from './web/client';

type Invoke = (cmd: string, args?: Record<string, unknown>) => Promise<unknown>;

interface TauriGlobal {
  core: { invoke: Invoke };
}

/** The app's IPC, on the app's own pages only: a LAN table's page opened in an app window is
 * served by the table (plain http) and talks to it over HTTP like any browser. */
function tauri(): TauriGlobal | undefined {
  const own = location.protocol === 'tauri:' || location.hostname === 'tauri.localhost';
  return own ? (window as unknown as { __TAURI__?: TauriGlobal }).__TAURI__ : undefined;
}

/** Whether the page runs in the app (its own commands and dialogs are there). */
export function inApp(): boolean {
  return tauri() !== undefined;
}

/** One of the app's own commands (not in a browser): the platform's file dialogs. */
export async function invokeApp(cmd: string, args: Record<string, unknown>): Promise<unknown> {
  const t = tauri();
  if (!t) throw new CommandError({ kind: 'bad_request', message: `${cmd} exists only in the app` });
  try {
    return await t.core.invoke(cmd, args);
  } catch (e) {
    throw new CommandError(asApiError(e));
  }
}

/** A refused command: the API's tagged error (its facts; `t.apiError` words it). */
export class CommandError extends Error {
  constructor(public readonly error: ApiError) {
    super(error.kind);
  }
}

function asApiError(e: unknown): ApiError {
  if (e && typeof e === 'object' && 'kind' in e) return e as ApiError;
  return { kind: 'bad_request', message: String(e) };
}

/** The UI server's token for this run, which it puts in the page it serves (crates/ui-server:
 * only that page may call its API). A LAN table's page has none: the table's API needs none. */
export function apiToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="carcassonne-api-token"]')?.content ?? null;
}

async function viaHttp(cmd: string, args?: Record<string, unknown>): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = apiToken();
  if (token) headers['x-carcassonne-token'] = token;
  const res = await fetch(`api/${cmd}`, { method: 'POST', headers, body: JSON.stringify(args ?? {}) });
  const body = await res.json().catch(() => ({ kind: 'bad_request', message: `HTTP ${res.status}` }));
  if (!res.ok) throw body;
  return body;
}

export async function call<K extends keyof Commands>(
  cmd: K,
  ...req: Commands[K]['req'] extends undefined ? [] : [Commands[K]['req']]
): Promise<Commands[K]['res']> {
  const args = req.length > 0 ? { req: req[0] } : undefined;
  const t = tauri();
  try {
    const out = t ? await t.core.invoke(cmd, args) : isWebApp() ? await callWorker(cmd, args) : await viaHttp(cmd, args);
    return out as Commands[K]['res'];
  } catch (e) {
    throw new CommandError(asApiError(e));
  }
}
