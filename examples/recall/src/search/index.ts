// The search page (seed: ui/search): hybrid, keyword or semantic search, and questions answered from the indexed
// passages with [Source N] citations; the indexed pages below.
import type { SearchMode } from '../shared/protocol';
import { ask, byId, element } from '../shared/ui';

const query = byId<HTMLInputElement>('query');
const mode = byId<HTMLSelectElement>('mode');
const notice = byId<HTMLParagraphElement>('notice');
const results = byId<HTMLOListElement>('results');
const answer = byId<HTMLElement>('answer');

function link(url: string, title: string): HTMLAnchorElement {
  const anchor = element('a', title || url);
  anchor.href = url;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  return anchor;
}

async function runSearch(): Promise<void> {
  const found = await ask({ type: 'SEARCH_QUERY', query: query.value, options: { mode: mode.value as SearchMode } });
  if (found.type !== 'SEARCH_RESULTS') return;
  answer.hidden = true;
  notice.textContent = found.notice ?? '';
  document.body.dataset.mode = found.mode;
  results.replaceChildren(...found.results.map((hit) => {
    const item = element('li', '', 'result');
    item.dataset.id = hit.id;
    item.dataset.url = hit.url;
    item.append(link(hit.url, hit.title), element('p', hit.summary, 'summary'),
      element('p', `matched: ${hit.matchedTerms.join(', ')} · score ${hit.score.toFixed(4)}`, 'meta'));
    return item;
  }));
  if (found.results.length === 0) results.append(element('li', 'No indexed page matches.', 'empty'));
}

async function runAsk(): Promise<void> {
  const found = await ask({ type: 'RAG_QUERY', question: query.value });
  if (found.type !== 'RAG_ANSWER') return;
  const { result } = found;
  results.replaceChildren();
  notice.textContent = '';
  answer.hidden = false;
  const intent = byId('intent');
  intent.textContent = `Intent: ${result.intent.type} (${Math.round(result.intent.confidence * 100)} %, ${result.intent.method})`;
  intent.dataset.intent = result.intent.type;
  byId('answer-text').textContent = result.answer;
  byId('sources').replaceChildren(...result.sources.map((source) => {
    const item = element('li', '', 'source');
    item.dataset.url = source.url;
    item.append(element('span', `[Source ${source.n}] `), link(source.url, source.title));
    return item;
  }));
}

async function listPages(): Promise<void> {
  const all = await ask({ type: 'GET_ALL_PAGES' });
  if (all.type !== 'ALL_PAGES') return;
  byId('pages').replaceChildren(...all.pages.map((page) => {
    const item = element('li', '');
    item.dataset.url = page.url;
    item.append(link(page.url, page.title), element('span', ` · ${page.passageCount} passage${page.passageCount === 1 ? '' : 's'}`, 'meta'));
    return item;
  }));
}

function run(action: () => Promise<void>): void {
  document.body.dataset.busy = 'true';
  action()
    .then(listPages)
    .catch((error: unknown) => {
      notice.textContent = error instanceof Error ? error.message : String(error);
    })
    .finally(() => {
      document.body.dataset.busy = 'false';
    });
}

byId<HTMLFormElement>('search-form').addEventListener('submit', (event) => {
  event.preventDefault();
  run(runSearch);
});
byId('ask').addEventListener('click', () => {
  if (query.reportValidity()) run(runAsk);
});

run(async () => {
  document.body.dataset.ready = 'true';
});
