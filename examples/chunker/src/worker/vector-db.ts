// Where the worker keeps each page's Orama database (vector-store.ts): IndexedDB `ChunkerVectors`, one record per
// URL. Apart from the store so that the options page can clear it without carrying Orama or Transformers.js.
import type { RawData } from '@orama/orama';

export interface Saved {
  url: string;
  /** the digest of the chunks and the model the database was built from */
  key: string;
  dimensions: number;
  raw: RawData;
}

const DATABASE = 'ChunkerVectors';
const STORE = 'pages';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'url' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opening = undefined;
      reject(open.error ?? new Error('cannot open IndexedDB'));
    };
  });
  return opening;
}

export async function stored(url: string): Promise<Saved | undefined> {
  const db = await database();
  return request<Saved | undefined>(db.transaction(STORE, 'readonly').objectStore(STORE).get(url));
}

export async function keep(saved: Saved): Promise<void> {
  const db = await database();
  await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(saved));
}

/** Remove every saved database (the options page's Clear data); how many there were. */
export async function clearVectors(): Promise<number> {
  const db = await database();
  const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
  const count = await request(store.count());
  await request(store.clear());
  return count;
}
