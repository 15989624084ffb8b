// The widget's host in an extension context (the content script, the side panel): its strings come from
// `_locales` through i18n, and every answer of the background is validated here, where it is received.
import type { WidgetHost } from '../chatwidget/host';
import { localeOf } from '../chatwidget/host';
import { localized, onPushed, sendToBackground, uiLanguage } from './browser';
import {
  describeInvalidBackgroundToWidget,
  describeInvalidStreamToContent,
  describeInvalidStreamToSidePanel,
  isBackgroundToWidget,
  isStreamToContent,
  isStreamToSidePanel,
  type BackgroundToWidget,
} from './protocol';

export function createWidgetHost(mode: WidgetHost['mode'], tabId?: number): WidgetHost {
  return {
    mode,
    locale: localeOf(uiLanguage()),
    text: (name, substitutions) => localized(name, substitutions) || name,
    async send(request): Promise<BackgroundToWidget> {
      let answer: unknown;
      try {
        answer = await sendToBackground(request);
      } catch (error) {
        return { type: 'ERROR', error: String(error).slice(0, 2000) };
      }
      if (!isBackgroundToWidget(answer)) {
        return { type: 'ERROR', error: `invalid answer: ${describeInvalidBackgroundToWidget(answer)}`.slice(0, 2000) };
      }
      return answer;
    },
    listen(streamId, onEvent) {
      // The page's widget gets them with tabs.sendMessage, the docked one with runtime.sendMessage: each checks
      // them with its own channel's validator. Other messages the extension's pages exchange are not ours.
      const [valid, describe] = mode === 'floating'
        ? [isStreamToContent, describeInvalidStreamToContent]
        : [isStreamToSidePanel, describeInvalidStreamToSidePanel];
      return onPushed((message) => {
        if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== 'CHAT_STREAM') {
          return;
        }
        if (!valid(message)) {
          console.warn(`chat widget: an invalid CHAT_STREAM ignored: ${describe(message)}`);
          return;
        }
        if (message.streamId === streamId) onEvent(message.index, message.event);
      });
    },
    ...(tabId === undefined ? {} : { tabId }),
  };
}
