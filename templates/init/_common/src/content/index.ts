// The content script: inert until asked. It only registers a listener; it reads the page when the background asks.
import { onMessage } from '../shared/browser';
import {
  describeInvalidBackgroundToContent,
  isBackgroundToContent,
  type ContentToBackground,
} from '../shared/protocol';

function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => word.length > 0).length;
}

onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const answer: ContentToBackground = { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToContent(message)}` };
    return Promise.resolve(answer);
  }
  switch (message.type) {
    case 'DESCRIBE_PAGE': {
      const answer: ContentToBackground = {
        type: 'PAGE_DESCRIPTION',
        title: document.title.slice(0, 1000),
        words: countWords(document.body?.innerText ?? ''),
      };
      return Promise.resolve(answer);
    }
  }
});
