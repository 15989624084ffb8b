// What the widget gets from the page it is mounted in (the content script, or the side panel): its strings, its
// locale, and a door to the background that answers with validated messages. The widget bundle itself calls no
// extension API, so the same component runs injected in a page and docked in the side panel.
import type { BackgroundToWidget, ChatEvent, Locale, WidgetToBackground } from '../shared/protocol';

export type WidgetHost = {
  /** floating: a bubble in the page's corner that opens the panel; docked: the side panel, always open */
  mode: 'floating' | 'docked';
  locale: Locale;
  /** a message of the extension's locale (`_locales`), by name */
  text(name: string, substitutions?: string[]): string;
  /** a request to the background; resolves with its answer once validated (an invalid one is an ERROR) */
  send(request: WidgetToBackground): Promise<BackgroundToWidget>;
  /** the side panel's tab (tools act on it); a content script's tools act on their own tab */
  tabId?: number;
  /** the events of a pass pushed as they arrive (CHAT_STREAM with this streamId, validated); returns how to stop */
  listen(streamId: string, onEvent: (index: number, event: ChatEvent) => void): () => void;
};

/** Seed §9: English for an English browser, French otherwise. */
export function localeOf(uiLanguage: string): Locale {
  return uiLanguage.toLowerCase().split('-')[0] === 'en' ? 'en' : 'fr';
}
