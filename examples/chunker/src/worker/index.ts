// The Web Worker (seed §2.1): keeps the keyword index of the popup's page off the popup's thread and answers its
// searches. Every message is validated with the generated protocol module (the popup-to-worker channel).
import { describeInvalidPopupToWorker, isPopupToWorker, type WorkerToPopup } from '../shared/protocol';
import { KeywordIndex } from './search';

let index = new KeywordIndex([]);

function answer(message: unknown): WorkerToPopup {
  if (!isPopupToWorker(message)) return { type: 'ERROR', error: `invalid message: ${describeInvalidPopupToWorker(message)}` };
  switch (message.type) {
    case 'INDEX_CHUNKS':
      index = new KeywordIndex(message.chunks);
      return { type: 'INDEXED', chunks: index.size, terms: index.vocabulary };
    case 'SEARCH':
      return { type: 'RESULTS', query: message.query, hits: index.search(message.query, message.limit) };
  }
}

self.onmessage = (event: MessageEvent<unknown>) => {
  self.postMessage(answer(event.data));
};
