// Per-URL storage of chunks (seed §2.1 "Storage Strategy: store chunks per URL, allow clearing old data"): one
// storage.local entry per page, `page:<url>`; the oldest pages beyond MAX_PAGES are dropped (seed §7.4), and when
// the storage quota is reached all but the newest KEEP_ON_QUOTA are (seed §2.1 "cleanup … when storage limit reached").
import { removeStored, store, storedValue, storedWithPrefix } from '../shared/browser';
import { isContentToBackground, type PageChunks, type StoredPage } from '../shared/protocol';

const PREFIX = 'page:';
export const MAX_PAGES = 50;
const KEEP_ON_QUOTA = 5;

interface Entry {
  page: PageChunks;
  savedAt: number;
}

/** An entry read back, if it is one (stored by an older version or edited by hand, it is ignored). */
function asEntry(value: unknown): Entry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { page, savedAt } = value as Record<string, unknown>;
  // The generated validator of the report that carried the page checks its shape.
  if (typeof savedAt !== 'number' || !isContentToBackground({ type: 'PAGE_CHUNKED', page })) return undefined;
  return { page: page as PageChunks, savedAt };
}

async function dropAllBut(newest: number): Promise<void> {
  const old = (await allEntries()).slice(newest).map(([key]) => key);
  if (old.length > 0) await removeStored(old);
}

export async function savePage(page: PageChunks): Promise<void> {
  const entry: Entry = { page, savedAt: Date.now() };
  try {
    await store(PREFIX + page.url, entry);
  } catch {
    await dropAllBut(KEEP_ON_QUOTA); // over quota: make room, then try once more
    await store(PREFIX + page.url, entry);
  }
  await dropAllBut(MAX_PAGES);
}

export async function loadPage(url: string): Promise<Entry | undefined> {
  return asEntry(await storedValue(PREFIX + url));
}

/** Every stored entry, newest first, with its key. */
async function allEntries(): Promise<[string, Entry][]> {
  const stored = await storedWithPrefix(PREFIX);
  const entries: [string, Entry][] = [];
  for (const [key, value] of Object.entries(stored)) {
    const entry = asEntry(value);
    if (entry) entries.push([key, entry]);
  }
  return entries.sort((a, b) => b[1].savedAt - a[1].savedAt);
}

export async function listPages(): Promise<StoredPage[]> {
  return (await allEntries()).map(([, { page, savedAt }]) => ({
    url: page.url, title: page.title, chunks: page.chunks.length, savedAt,
  }));
}

/** Remove every stored page (also unreadable entries); how many keys were removed. */
export async function clearPages(): Promise<number> {
  const keys = Object.keys(await storedWithPrefix(PREFIX));
  if (keys.length > 0) await removeStored(keys);
  return keys.length;
}
