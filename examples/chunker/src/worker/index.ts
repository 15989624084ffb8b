// The Web Worker (seed §2.1): indexes the popup's page off the popup's thread and answers its searches — Orama's
// hybrid search over the chunks' embeddings (vector-store.ts) when the embedding model loads, BM25 keyword search
// (search.ts) when it cannot (seed §8.1: "model loading failures → fallback to keyword-only search"). Every message
// is validated with the generated protocol module (the popup-to-worker channel).
import { describeInvalidPopupToWorker, isPopupToWorker, type PopupToWorker, type WorkerToPopup } from '../shared/protocol';
import { KeywordIndex } from './search';
import { VectorStore } from './vector-store';

let index = new KeywordIndex([]);
let vectors: VectorStore | undefined;

async function answer(message: PopupToWorker): Promise<WorkerToPopup> {
  switch (message.type) {
    case 'INDEX_CHUNKS': {
      index = new KeywordIndex(message.chunks);
      vectors = undefined;
      const indexed = { type: 'INDEXED', chunks: index.size, terms: index.vocabulary } as const;
      if (message.model === undefined) return { ...indexed, vectors: 'none', error: 'semantic search is turned off' };
      try {
        vectors = await VectorStore.open(message.url, message.chunks, message.model);
        return { ...indexed, vectors: vectors.origin };
      } catch (error) {
        const why = `the embedding model ${message.model.id} could not be loaded: ${String(error)}`;
        return { ...indexed, vectors: 'none', error: why.slice(0, 2000) };
      }
    }
    case 'SEARCH':
      if (vectors !== undefined) {
        return { type: 'RESULTS', query: message.query, mode: 'hybrid', hits: await vectors.search(message.query, message.limit) };
      }
      return { type: 'RESULTS', query: message.query, mode: 'keyword', hits: index.search(message.query, message.limit) };
  }
}

// One message at a time, in order: the popup matches answers to requests by order.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<unknown>) => {
  const message = event.data;
  queue = queue.then(async () => {
    if (!isPopupToWorker(message)) {
      self.postMessage({ type: 'ERROR', error: `invalid message: ${describeInvalidPopupToWorker(message)}` });
      return;
    }
    try {
      self.postMessage(await answer(message));
    } catch (error) {
      self.postMessage({ type: 'ERROR', error: String(error).slice(0, 2000) });
    }
  });
};
