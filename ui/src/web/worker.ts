// The web app's Web Worker: the app's API in WebAssembly (engine.ts) over a store kept in
// IndexedDB (keep.ts). The page never freezes while a hard bot thinks: it thinks here. Every
// command that wrote is saved before its answer leaves, so what the screen shows is kept.
import { Engine, EngineRefusal } from './engine';
import { Keep } from './keep';

const STORE_FILE = 'store.sqlite';
const SETTINGS_FILE = 'settings.json';

export interface WorkerRequest {
  id: number;
  cmd: string;
  args?: unknown;
}

export type WorkerAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: unknown };

interface Scope {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerAnswer): void;
}
const scope = self as unknown as Scope;

interface Opened {
  engine: Engine;
  keep: Keep;
  /** The store's change count when its image was last saved. */
  saved: number;
}

async function wasmBytes(): Promise<ArrayBuffer> {
  const res = await fetch(new URL('carcassonne.wasm', self.location.href));
  if (!res.ok) throw new Error(`carcassonne.wasm: HTTP ${res.status}`);
  return res.arrayBuffer();
}

/** Opens the engine on the kept image. A kept image the store refuses stays as it is (the
 * refusal answers every command): nothing is written over it. */
async function openApp(): Promise<Opened> {
  const [bytes, keep] = await Promise.all([wasmBytes(), Keep.open()]);
  const engine = await Engine.load(bytes);
  const image = (await keep.read(STORE_FILE)) ?? new Uint8Array();
  const settings = new TextDecoder().decode((await keep.read(SETTINGS_FILE)) ?? new Uint8Array());
  engine.open(image, settings);
  const opened = { engine, keep, saved: -1 };
  await save(opened); // a new store or a migrated one: kept at once
  return opened;
}

function storeError(e: unknown): unknown {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError') return { kind: 'store', error: { kind: 'disk_full' } };
  return { kind: 'store', error: { kind: 'cannot_open', path: "(this browser's storage)", detail: String(e) } };
}

/** Saves the store's image if it changed since it was last saved. */
async function save(app: Opened): Promise<void> {
  const changes = app.engine.changes();
  if (changes === app.saved) return;
  const image = app.engine.image();
  try {
    await app.keep.write(STORE_FILE, image);
  } catch (e) {
    throw new EngineRefusal(storeError(e));
  }
  app.saved = changes;
}

let app: Promise<Opened> | null = null;

async function run(req: WorkerRequest): Promise<unknown> {
  app ??= openApp();
  let opened: Opened;
  try {
    opened = await app;
  } catch (e) {
    app = null; // the next command tries again (the refusal says why this one failed)
    throw e;
  }
  try {
    const value = opened.engine.call(req.cmd, req.args);
    if (req.cmd === 'save_settings') {
      await opened.keep.write(SETTINGS_FILE, new TextEncoder().encode(JSON.stringify(value))).catch((e: unknown) => {
        throw new EngineRefusal(storeError(e));
      });
    }
    await save(opened);
    return value;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) app = null; // the module stopped: reopen from the kept image
    throw e;
  }
}

function asError(e: unknown): unknown {
  if (e instanceof EngineRefusal) return e.error;
  return { kind: 'bad_request', message: e instanceof Error ? e.message : String(e) };
}

// One command at a time, in order: each sees the store as the one before left it.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (e) => {
  const req = e.data;
  queue = queue.then(async () => {
    try {
      scope.postMessage({ id: req.id, ok: true, value: await run(req) });
    } catch (err) {
      scope.postMessage({ id: req.id, ok: false, error: asError(err) });
    }
  });
};
