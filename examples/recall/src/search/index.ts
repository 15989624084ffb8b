// The search page (seed: ui/search): hybrid, keyword or semantic search, and questions answered from the indexed
// passages with [Source N] citations; the indexed pages below.
import type { EmbeddingModel, SearchMode } from '../shared/protocol';
import { ask, byId, element, onAnswerPiece } from '../shared/ui';

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
    const parts = [`matched: ${hit.matchedTerms.join(', ')}`];
    if (hit.semanticScore !== undefined) parts.push(`similarity ${hit.semanticScore.toFixed(3)}`);
    parts.push(`score ${hit.score.toFixed(4)}`);
    item.append(link(hit.url, hit.title), element('p', hit.summary, 'summary'), element('p', parts.join(' · '), 'meta'));
    if (hit.semanticPassage !== undefined) item.append(element('p', hit.semanticPassage, 'passage'));
    return item;
  }));
  if (found.results.length === 0) results.append(element('li', 'No indexed page matches.', 'empty'));
}

/** The answer being written (seed: answerQuestionStreaming): its pieces, by their index, shown as they arrive in
 * order; the RAG_ANSWER that follows replaces them with the whole answer. */
const streaming = { id: '', pieces: [] as string[], shown: 0 };
let questions = 0;

onAnswerPiece((piece) => {
  if (piece.streamId !== streaming.id) return; // an earlier question's, or another page's
  streaming.pieces[piece.index] = piece.text;
  let text = byId('answer-text').textContent ?? '';
  while (streaming.pieces[streaming.shown] !== undefined) text += streaming.pieces[streaming.shown++];
  if (streaming.shown === 0) return;
  results.replaceChildren();
  answer.hidden = false;
  answer.dataset.streaming = 'true';
  byId('answer-text').textContent = text;
  byId('generator').textContent = 'Being written by the on-device model (Prompt API)…';
});

async function runAsk(): Promise<void> {
  questions += 1;
  Object.assign(streaming, { id: `q${questions}-${Date.now()}`, pieces: [], shown: 0 });
  byId('answer-text').textContent = '';
  const found = await ask({ type: 'RAG_QUERY', question: query.value, streamId: streaming.id });
  if (found.type !== 'RAG_ANSWER') return;
  const { result } = found;
  answer.dataset.streamed = String(streaming.shown); // how many pieces were shown before the whole answer
  answer.dataset.streaming = 'false';
  streaming.id = '';
  results.replaceChildren();
  notice.textContent = '';
  answer.hidden = false;
  const intent = byId('intent');
  intent.textContent = `Intent: ${result.intent.type} (${Math.round(result.intent.confidence * 100)} %, ${result.intent.method})`;
  intent.dataset.intent = result.intent.type;
  byId('answer-text').textContent = result.answer;
  answer.dataset.generator = result.generator;
  byId('generator').textContent = result.generator === 'prompt-api'
    ? 'Written by the on-device model (Prompt API) from the sources below.'
    : 'Extractive: the sources\' best sentences, no model wrote it.';
  byId('sources').replaceChildren(...result.sources.map((source) => {
    const item = element('li', '', 'source');
    item.dataset.url = source.url;
    item.append(element('span', `[Source ${source.n}] `), link(source.url, source.title));
    return item;
  }));
}

/** The embedding model in use and whether it loaded: which ranking a search can have. */
async function showModel(): Promise<void> {
  const current = await ask({ type: 'GET_SETTINGS' });
  if (current.type !== 'SETTINGS') return;
  const model = byId('model');
  model.dataset.state = current.embeddings;
  const said = { ready: 'loaded', 'not-loaded': 'loaded on first use', unavailable: 'could not be loaded' }[current.embeddings];
  model.textContent = `Embedding model: ${current.model.id} (${said})${current.error === undefined ? '' : `: ${current.error}`}`;
  if (!byId<HTMLDetailsElement>('settings').open) {
    byId<HTMLInputElement>('model-id').value = current.model.id;
    byId<HTMLSelectElement>('model-dtype').value = current.model.dtype;
    byId<HTMLInputElement>('model-remote').checked = current.model.allowRemote;
  }
}

async function chooseModel(): Promise<void> {
  const dtype = byId<HTMLSelectElement>('model-dtype').value as EmbeddingModel['dtype'];
  const model = { id: byId<HTMLInputElement>('model-id').value.trim(), dtype, allowRemote: byId<HTMLInputElement>('model-remote').checked };
  const chosen = await ask({ type: 'SET_EMBEDDING_MODEL', model });
  if (chosen.type !== 'SETTINGS') return;
  byId<HTMLDetailsElement>('settings').open = false;
}

async function listPages(): Promise<void> {
  const all = await ask({ type: 'GET_ALL_PAGES' });
  if (all.type !== 'ALL_PAGES') return;
  byId('pages').replaceChildren(...all.pages.map((page) => {
    const item = element('li', '');
    item.dataset.url = page.url;
    item.dataset.embedded = String(page.embedded);
    const embedded = page.embedded ? ', embedded' : ', no embeddings';
    item.append(link(page.url, page.title), element('span', ` · ${page.passageCount} passage${page.passageCount === 1 ? '' : 's'}${embedded}`, 'meta'));
    return item;
  }));
}

function run(action: () => Promise<void>): void {
  document.body.dataset.busy = 'true';
  action()
    .then(listPages)
    .then(showModel)
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
byId<HTMLFormElement>('model-form').addEventListener('submit', (event) => {
  event.preventDefault();
  run(chooseModel);
});
byId('ask').addEventListener('click', () => {
  if (query.reportValidity()) run(runAsk);
});

run(async () => {
  document.body.dataset.ready = 'true';
});
