// Where the web app keeps its store and settings: IndexedDB, one record per file. (OPFS
// would hold SQLite's file directly, but browsers give OPFS only to secure pages, and a phone
// that opens a laptop's address on the Wi-Fi gets plain http; IndexedDB works on both.)
// A write resolves once the browser has committed it ('strict' durability where offered).

const DB = 'carcassonne';
const FILES = 'files';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const r = indexedDB.open(DB, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(FILES);
  return request(r);
}

export class Keep {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<Keep> {
    return new Keep(await openDb());
  }

  /** A kept file's bytes, or null if none was kept. */
  async read(name: string): Promise<Uint8Array | null> {
    const tx = this.db.transaction(FILES, 'readonly');
    const value: unknown = await request(tx.objectStore(FILES).get(name));
    return value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : null;
  }

  /** Keeps `bytes` under `name`; resolves once committed, rejects with the browser's error
   * (a full disk: `QuotaExceededError`). */
  write(name: string, bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      const tx = this.db.transaction(FILES, 'readwrite', { durability: 'strict' });
      tx.objectStore(FILES).put(bytes, name);
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
      tx.onerror = () => reject(tx.error ?? new Error('failed'));
    });
  }
}
