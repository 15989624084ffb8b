// The options page (seed §2.1 "Settings, clear data"): the pages whose chunks are stored, and "Clear data".
import { sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToOptions,
  isBackgroundToOptions,
  type BackgroundToOptions,
  type OptionsToBackground,
  type StoredPage,
} from '../shared/protocol';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`options: #${id} is missing from index.html`);
  return found as T;
}

const status = element<HTMLParagraphElement>('status');
const rows = element<HTMLTableSectionElement>('pages');

async function ask(message: OptionsToBackground): Promise<BackgroundToOptions> {
  const answer = await sendToBackground(message);
  if (!isBackgroundToOptions(answer)) throw new Error(`invalid answer from the background: ${describeInvalidBackgroundToOptions(answer)}`);
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

function render(pages: StoredPage[]): void {
  rows.replaceChildren(
    ...pages.map((page) => {
      const row = document.createElement('tr');
      row.dataset['url'] = page.url;
      const cells = [page.title ? `${page.title} — ${page.url}` : page.url, String(page.chunks), new Date(page.savedAt).toLocaleString()];
      for (const [i, text] of cells.entries()) {
        row.append(Object.assign(document.createElement('td'), { textContent: text, className: i === 0 ? 'url' : '' }));
      }
      return row;
    }),
  );
  document.body.dataset['pages'] = String(pages.length);
}

async function refresh(): Promise<void> {
  const answer = await ask({ type: 'LIST_PAGES' });
  if (answer.type !== 'PAGES') throw new Error(`unexpected answer ${answer.type}`);
  render(answer.pages);
  status.textContent = answer.pages.length === 0 ? 'Nothing is stored.' : `${answer.pages.length} pages stored.`;
}

async function clearData(): Promise<void> {
  const answer = await ask({ type: 'CLEAR_DATA' });
  if (answer.type !== 'DATA_CLEARED') throw new Error(`unexpected answer ${answer.type}`);
  await refresh();
  status.textContent = `Cleared ${answer.removed} pages.`;
}

async function run(action: () => Promise<void>): Promise<void> {
  document.body.dataset['busy'] = 'true';
  try {
    await action();
  } catch (error) {
    status.textContent = String(error instanceof Error ? error.message : error);
  } finally {
    document.body.dataset['busy'] = 'false';
  }
}

element<HTMLButtonElement>('clear-data').addEventListener('click', () => void run(clearData));
void run(refresh).finally(() => {
  document.body.dataset['ready'] = 'true';
});
