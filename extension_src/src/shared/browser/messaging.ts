// The content script's door to the extension APIs (seed 000 §5.2, §6.1c): receiving messages, without
// webextension-polyfill. The content script runs on every page and needs nothing else from the polyfill's 10 KB
// (its size budget is 25 KB). Chrome's `chrome.runtime.onMessage` and Firefox's `browser.runtime.onMessage` both
// hand a listener `sendResponse` and keep the channel open when it returns true.

type Listener = (message: unknown, sender: unknown, sendResponse: (answer: unknown) => void) => boolean;

declare global {
  // The extension API's global names, as far as this module uses them (Firefox has both; Chrome only `chrome`).
  var browser: { runtime: { onMessage: { addListener(listener: Listener): void } } } | undefined;
  var chrome: typeof browser;
}

/**
 * Listen for messages. The handler answers with a Promise, or returns undefined for messages it does not own
 * so another listener may answer (as the polyfill-based `onMessage` of ./index.ts does).
 */
export function onMessage(handler: (message: unknown) => Promise<unknown> | undefined): void {
  const api = globalThis.browser ?? globalThis.chrome;
  api?.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    const answer = handler(message);
    if (!answer) return false;
    answer.then(sendResponse, (error: unknown) => sendResponse({ type: 'ERROR', error: String(error) }));
    return true;
  });
}
