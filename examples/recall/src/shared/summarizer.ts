// Chrome's on-device Summarizer (Gemini Nano, Chrome 138+), which the seed reaches from its offscreen document.
// Where it is missing — every browser here: no model can be downloaded offline, and Firefox has none — summarize()
// throws and the indexing pipeline falls back to the page's best passages, as the seed does.

interface SummarizerSession {
  summarize(text: string): Promise<string>;
}

interface SummarizerApi {
  availability(): Promise<string>;
  create(options: { type: string; length: string; format: string }): Promise<SummarizerSession>;
}

function summarizerApi(): SummarizerApi | undefined {
  return (globalThis as { Summarizer?: SummarizerApi }).Summarizer;
}

/** Whether the Summarizer can run here, and why not. */
export async function summarizerStatus(): Promise<{ available: boolean; error?: string }> {
  const api = summarizerApi();
  if (api === undefined) return { available: false, error: "this browser has no Summarizer API (Chrome's on-device model)" };
  const availability = await api.availability();
  return availability === 'available'
    ? { available: true }
    : { available: false, error: `the on-device model is ${availability}` };
}

export async function summarize(text: string): Promise<string> {
  const status = await summarizerStatus();
  const api = summarizerApi();
  if (!status.available || api === undefined) throw new Error(status.error ?? 'the Summarizer is unavailable');
  const session = await api.create({ type: 'tldr', length: 'short', format: 'plain-text' });
  return (await session.summarize(text)).slice(0, 2000);
}
