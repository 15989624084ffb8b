// The options page (seed §2.1 "Settings, clear data"): the pages whose chunks are stored, and "Clear data".
import { sendToBackground, store } from '../shared/browser';
import { DEFAULT_EMBEDDING_MODEL, embeddingModel, MODEL_SETTING } from '../shared/config';
import { clearVectors } from '../worker/vector-db';
import {
  describeInvalidBackgroundToOptions,
  isBackgroundToOptions,
  type BackgroundToOptions,
  type EmbeddingModel,
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
  const vectors = await clearVectors(); // the worker's Orama databases: same extension origin, same IndexedDB
  await refresh();
  status.textContent = `Cleared ${answer.removed} pages and ${vectors} vector indexes.`;
}

async function showModel(): Promise<void> {
  const chosen = await embeddingModel();
  element<HTMLInputElement>('model-on').checked = chosen !== null;
  const model = chosen ?? DEFAULT_EMBEDDING_MODEL;
  element<HTMLInputElement>('model-id').value = model.id;
  element<HTMLSelectElement>('model-dtype').value = model.dtype;
  element<HTMLInputElement>('model-remote').checked = model.allowRemote;
}

async function chooseModel(): Promise<void> {
  const model: EmbeddingModel = {
    id: element<HTMLInputElement>('model-id').value.trim(),
    dtype: element<HTMLSelectElement>('model-dtype').value as EmbeddingModel['dtype'],
    allowRemote: element<HTMLInputElement>('model-remote').checked,
  };
  const on = element<HTMLInputElement>('model-on').checked;
  await store(MODEL_SETTING, on ? model : null);
  status.textContent = on ? `The popup now embeds with ${model.id}.` : 'Semantic search is off: keywords alone.';
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
element<HTMLFormElement>('model-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(chooseModel);
});
void run(() => refresh().then(showModel)).finally(() => {
  document.body.dataset['ready'] = 'true';
});
