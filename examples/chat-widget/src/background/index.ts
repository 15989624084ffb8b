// The service worker (seed §4.5): answers the widget (a chat message, a local tool call, a tool's outcome for the
// API) and the popup (the API's connection). Every message received is validated with the generated protocol
// module first; a tool's result, which comes from the page, is validated against its schema before it is answered.
import { activeTabId, keepPopupOnActionClick, onMessage, pushToSender, type Sender } from '../shared/browser';
import {
  describeInvalidBackgroundToWidget,
  describeInvalidPopupToBackground,
  describeInvalidWidgetToBackground,
  isPopupToBackground,
  isWidgetToBackground,
  POPUP_TO_BACKGROUND_TYPES,
  type BackgroundToPopup,
  type BackgroundToWidget,
  type ErrorAnswer,
  type PopupToBackground,
  type ToolExecute,
  type WidgetToBackground,
} from '../shared/protocol';
import { sendChatMessage, sessionState, submitToolOutcome, type OnEvent } from './api-client';
import { executeTool } from './tool-executor';

function failure(error: unknown): ErrorAnswer {
  return { type: 'ERROR', error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) };
}

/**
 * The tab a tool acts on. A content script's widget acts on its own tab, whatever it asks (a page cannot reach
 * another tab through it); the side panel names its tab, or acts on the tab the user is looking at.
 */
async function targetTab(message: ToolExecute, sender: Sender): Promise<number> {
  const tabId = sender.extensionPage ? message.tabId ?? await activeTabId() : sender.tabId;
  if (tabId === undefined) throw new Error('No active tab');
  return tabId;
}

async function runTool(message: ToolExecute, sender: Sender): Promise<BackgroundToWidget> {
  const result = await executeTool(await targetTab(message, sender), message.call);
  const answer: BackgroundToWidget = { type: 'TOOL_RESULT', toolCallId: message.toolCallId, result };
  const problem = describeInvalidBackgroundToWidget(answer);
  return problem === '' ? answer : failure(`the page gave an invalid ${message.call.name} result: ${problem}`);
}

/** With a streamId, each event of the pass is pushed to the widget that asked as soon as the API sent it. */
function streamTo(sender: Sender, streamId: string | undefined): OnEvent | undefined {
  if (streamId === undefined) return undefined;
  return (event, index) => pushToSender(sender, { type: 'CHAT_STREAM', streamId, index, event });
}

async function answerWidget(message: WidgetToBackground, sender: Sender): Promise<BackgroundToWidget> {
  switch (message.type) {
    case 'CHAT_SEND':
      return { type: 'CHAT_EVENTS', events: await sendChatMessage(message.text, message.locale,
                                                                   message.conversationId,
                                                                   streamTo(sender, message.streamId)) };
    case 'TOOL_EXECUTE':
      return runTool(message, sender);
    case 'TOOL_OUTCOME': {
      const outcome = message.result !== undefined ? { result: message.result } : { error: message.error ?? '' };
      return { type: 'CHAT_EVENTS', events: await submitToolOutcome(message.messageId, message.toolCallId, outcome,
                                                                     streamTo(sender, message.streamId)) };
    }
  }
}

async function answerPopup(message: PopupToBackground): Promise<BackgroundToPopup> {
  switch (message.type) {
    case 'CHECK_CONNECTION':
      return { type: 'CONNECTION', ...await sessionState() };
  }
}

function typeOf(message: unknown): unknown {
  return typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
}

onMessage((message, sender) => {
  if (isPopupToBackground(message)) return answerPopup(message).catch(failure);
  if (!isWidgetToBackground(message)) {
    const fromPopup = (POPUP_TO_BACKGROUND_TYPES as readonly unknown[]).includes(typeOf(message));
    const problem = fromPopup ? describeInvalidPopupToBackground(message) : describeInvalidWidgetToBackground(message);
    return Promise.resolve(failure(`invalid message: ${problem}`));
  }
  return answerWidget(message, sender).catch(failure);
});

keepPopupOnActionClick();
