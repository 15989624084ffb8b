// IndexingQueue (seed: "IndexingQueue"): pages waiting to be indexed, in memory (volatile, as the seed accepts),
// with their state, retries (at most MAX_ATTEMPTS, exponential backoff) and pause/resume. The paused flag is kept
// in storage so a restarted background stays paused; the storage is given (the background passes storage.local),
// so the queue is plain code, tested on its own (tests/examples/test_recall.py, in Node).
import { MAX_ATTEMPTS, RETRY_BASE_MS } from '../shared/config';

/** Where the paused flag is kept. */
export interface FlagStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface QueueItem {
  url: string;
  title: string;
  tabId: number;
  timestamp: number;
  dwellTime: number;
  retryCount: number;
  lastError?: string;
  state: 'pending' | 'processing' | 'failed';
  /** Not before this time (ms): the backoff after a failure. */
  notBefore: number;
}

const PAUSED_KEY = 'indexingPaused';

export class IndexingQueue {
  private readonly items = new Map<string, QueueItem>();
  private paused = false;
  private indexed = 0;
  readonly loaded: Promise<void>;

  constructor(private readonly store: FlagStore) {
    this.loaded = store.get(PAUSED_KEY).then((value) => {
      this.paused = value === true;
    });
  }

  /** Queue a page; one already pending or processing only gets the newer dwell and tab. */
  add(item: Omit<QueueItem, 'retryCount' | 'state' | 'notBefore'>): void {
    const existing = this.items.get(item.url);
    if (existing !== undefined && existing.state !== 'failed') {
      existing.dwellTime = Math.max(existing.dwellTime, item.dwellTime);
      existing.tabId = item.tabId;
      return;
    }
    this.items.set(item.url, { ...item, retryCount: 0, state: 'pending', notBefore: 0 });
  }

  getNext(now: number): QueueItem | null {
    if (this.paused) return null;
    for (const item of this.items.values()) {
      if (item.state === 'pending' && item.notBefore <= now) {
        item.state = 'processing';
        return item;
      }
    }
    return null;
  }

  markComplete(url: string): void {
    this.items.delete(url);
    this.indexed += 1;
  }

  /** A page that can never be indexed as queued (its tab moved on, too little text): dropped, no retry. */
  drop(url: string): void {
    this.items.delete(url);
  }

  markFailed(url: string, error: string, now: number): void {
    const item = this.items.get(url);
    if (item === undefined) return;
    item.retryCount += 1;
    item.lastError = error;
    if (item.retryCount >= MAX_ATTEMPTS) {
      item.state = 'failed';
    } else {
      item.state = 'pending';
      item.notBefore = now + RETRY_BASE_MS * 2 ** (item.retryCount - 1);
    }
  }

  async pause(): Promise<void> {
    this.paused = true;
    await this.store.set(PAUSED_KEY, true);
  }

  async resume(): Promise<void> {
    this.paused = false;
    await this.store.set(PAUSED_KEY, false);
  }

  isPaused(): boolean {
    return this.paused;
  }

  getStatus(): { pending: number; processing: number; failed: number; indexed: number; paused: boolean } {
    const count = (state: QueueItem['state']): number =>
      [...this.items.values()].filter((item) => item.state === state).length;
    return {
      pending: count('pending'),
      processing: count('processing'),
      failed: count('failed'),
      indexed: this.indexed,
      paused: this.paused,
    };
  }
}
