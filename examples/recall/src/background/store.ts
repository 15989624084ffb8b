// VectorStore (seed: "Storage Layer"): IndexedDB database RecallDB, object store `pages` keyed by id, with the seed's
// indexes. Embeddings are stored as the seed stores them, Float32Array buffers (384 floats with all-MiniLM-L6-v2):
// one per passage, and the page's own (title and top passages); null when the model could not be loaded.
import type { Passage } from '../shared/protocol';

export interface PageRecord {
  id: string;
  url: string;
  title: string;
  content: string;
  summary: string;
  summarySource: 'summarizer' | 'passages';
  embedding: ArrayBuffer | null;
  passages: Passage[];
  /** one per passage, in the passages' order */
  passageEmbeddings: ArrayBuffer[] | null;
  timestamp: number;
  dwellTime: number;
  lastAccessed: number;
  visitCount: number;
}

const DATABASE = 'RecallDB';
const STORE = 'pages';

let opening: Promise<IDBDatabase> | undefined;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The database, opened once (the seed's lazy initialization). */
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => {
      const pages = open.result.createObjectStore(STORE, { keyPath: 'id' });
      pages.createIndex('url', 'url', { unique: true });
      pages.createIndex('timestamp', 'timestamp');
      pages.createIndex('dwellTime', 'dwellTime');
      pages.createIndex('lastAccessed', 'lastAccessed');
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opening = undefined;
      reject(open.error ?? new Error('cannot open IndexedDB'));
    };
  });
  return opening;
}

async function pages(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(STORE, mode).objectStore(STORE);
}

export async function getPageByUrl(url: string): Promise<PageRecord | undefined> {
  return request<PageRecord | undefined>((await pages('readonly')).index('url').get(url));
}

export async function getAllPages(): Promise<PageRecord[]> {
  return request<PageRecord[]>((await pages('readonly')).getAll());
}

export async function putPage(record: PageRecord): Promise<void> {
  await request((await pages('readwrite')).put(record));
}

/** A stored page's dwell time grows (the content script reports it again when the page is hidden). */
export async function touchPage(url: string, dwellTime: number, now: number): Promise<void> {
  const record = await getPageByUrl(url);
  if (record === undefined) return;
  record.dwellTime = Math.max(record.dwellTime, dwellTime);
  record.lastAccessed = now;
  await putPage(record);
}

export async function clearPages(): Promise<void> {
  await request((await pages('readwrite')).clear());
}

export function recordSize(record: PageRecord): number {
  return record.content.length + record.title.length + record.summary.length +
    record.passages.reduce((total, passage) => total + passage.text.length, 0);
}
