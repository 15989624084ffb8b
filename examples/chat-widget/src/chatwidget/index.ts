// The widget bundle (seed §7, §8: chatwidget.js): the content script imports it by URL at run time and mounts it
// in its shadow root; the side panel bundles it directly. It exports one function and calls no extension API.
import { mount, unmount } from 'svelte';
import ChatWidget from './ChatWidget.svelte';
import type { WidgetHost } from './host';

export type MountedWidget = { destroy(): void };

export function mountChatWidget(target: Element | ShadowRoot, host: WidgetHost): MountedWidget {
  const component = mount(ChatWidget, { target, props: { host } });
  return { destroy: () => void unmount(component) };
}
