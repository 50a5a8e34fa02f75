// The page's side of the web app: commands go to the worker (worker.ts) that runs the app's
// API in WebAssembly. The page is the web app when its HTML says so (web/index.html).
import type { WorkerAnswer, WorkerRequest } from './worker';

/** Whether this page is the offline web app (no app, no server: the engine runs here). */
export function isWebApp(): boolean {
  return document.querySelector('meta[name="carcassonne-web"]') !== null;
}

/** Whether a LAN table served this page (`carcassonne host --ui`, crates/net's `TABLE_MARK`):
 * the web app then offers joining it. */
export function servedByTable(): boolean {
  return document.querySelector('meta[name="carcassonne-table"]') !== null;
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker('worker.js', { type: 'module' });
  w.onmessage = (e: MessageEvent<WorkerAnswer>) => {
    const answer = e.data;
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if (answer.ok) pending.resolve(answer.value);
    else pending.reject(answer.error);
  };
  w.onerror = (e) => {
    for (const pending of waiting.values()) pending.reject({ kind: 'bad_request', message: e.message || 'the engine could not start' });
    waiting.clear();
    worker = null;
  };
  worker = w;
  return w;
}

/** Runs a command in the worker; rejects with the API's tagged error. */
export function callWorker(cmd: string, args?: Record<string, unknown>): Promise<unknown> {
  const id = nextId++;
  const req: WorkerRequest = { id, cmd, args };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker().postMessage(req);
  });
}
