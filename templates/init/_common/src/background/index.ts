// The background: answers the popup's requests by asking the tab's content script. Every message received — the
// popup's request and the content script's answer — is validated with the generated protocol module first.
import { isReceivingEndMissing, onMessage, sendToTab } from '../shared/browser';
import {
  describeInvalidContentToBackground,
  describeInvalidPopupToBackground,
  isContentToBackground,
  isPopupToBackground,
  type BackgroundToPopup,
} from '../shared/protocol';

async function describeTab(tabId: number): Promise<BackgroundToPopup> {
  let answer: unknown;
  try {
    answer = await sendToTab(tabId, { type: 'DESCRIBE_PAGE' });
  } catch (error) {
    if (isReceivingEndMissing(error)) return { type: 'NO_CONTENT_SCRIPT' };
    return { type: 'ERROR', error: String(error) };
  }
  if (!isContentToBackground(answer)) {
    return { type: 'ERROR', error: `invalid answer from the content script: ${describeInvalidContentToBackground(answer)}` };
  }
  return answer;
}

onMessage((message) => {
  if (!isPopupToBackground(message)) {
    const answer: BackgroundToPopup = { type: 'ERROR', error: `invalid message: ${describeInvalidPopupToBackground(message)}` };
    return Promise.resolve(answer);
  }
  switch (message.type) {
    case 'DESCRIBE_TAB':
      return describeTab(message.tabId);
  }
});
