// Chunked work (seed 000 §6.1b, §8.2 "never block main thread"; Phase 3b performance caps). Indexing, matching
// and wrapping run in slices of about SLICE_MS, yielding to the page between them: scheduler.yield() where the
// browser has it, and a MessageChannel message — never setTimeout(0), which background tabs throttle to ≥ 1 s.

/** A slice longer than this yields at its next check. */
const SLICE_MS = 8;

/**
 * scheduler.yield() lets input and rendering run and then resumes ahead of the page's other queued tasks; a
 * MessageChannel message queues behind them. Alternating gives both: our work is not starved by a busy page,
 * and the page's own timers still run at least every other pause (scheduler.yield alone starved a 5 ms interval
 * for the whole work, in Chromium and Firefox alike).
 */
function yieldToPage(turn: number): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (turn & 1 && typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

/** Measures the uninterrupted pieces of one piece of work and yields when one has run long enough. */
export class Slicer {
  /** The longest slice so far, in ms. */
  longest = 0;
  private start = performance.now();
  private pauses = 0;

  /** True once the current slice has run SLICE_MS. */
  due(): boolean {
    return performance.now() - this.start > SLICE_MS;
  }

  /** End the current slice, let the page run, start the next. */
  async pause(): Promise<void> {
    this.end();
    await yieldToPage(++this.pauses);
    this.start = performance.now();
  }

  /** Pause when the slice is due. */
  async breathe(): Promise<void> {
    if (this.due()) await this.pause();
  }

  /** Count the current slice (call when the work is done). */
  end(): void {
    this.longest = Math.max(this.longest, performance.now() - this.start);
  }
}
