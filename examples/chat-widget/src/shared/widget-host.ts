// The widget's host in an extension context (the content script, the side panel): its strings come from
// `_locales` through i18n, and every answer of the background is validated here, where it is received.
import type { WidgetHost } from '../chatwidget/host';
import { localeOf } from '../chatwidget/host';
import { localized, sendToBackground, uiLanguage } from './browser';
import { describeInvalidBackgroundToWidget, isBackgroundToWidget, type BackgroundToWidget } from './protocol';

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
    ...(tabId === undefined ? {} : { tabId }),
  };
}
