// The bootstrap (seed §7): on every page, a host element with a shadow root (the page's CSS stays out, the
// widget's stays in), the widget's stylesheet linked by its web-accessible URL, and the widget bundle imported
// by URL at run time and mounted there. The popup's on/off switch mounts and removes it live.
import type { mountChatWidget, MountedWidget } from '../chatwidget/index';
import { extensionUrl, importWidgetBundle, onLocalChanged } from '../shared/browser';
import { loadSettings } from '../shared/settings';
import { createWidgetHost } from '../shared/widget-host';

const HOST_ID = 'top-ai-ideas-ext';
let mounted: { element: HTMLElement; widget: MountedWidget } | undefined;

async function mountWidget(): Promise<void> {
  if (mounted !== undefined) return;
  const element = document.createElement('div');
  element.id = HOST_ID;
  element.style.cssText = 'all: initial; position: fixed; z-index: 2147483647;';
  const shadow = element.attachShadow({ mode: 'open' });
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = extensionUrl('chatwidget/chatwidget.css');
  shadow.append(style);
  // On the root element, not in <body>: the page's own text (tab_read_dom reads body.innerText) stays the page's.
  document.documentElement.append(element);
  mounted = { element, widget: { destroy: () => undefined } };
  const bundle = await importWidgetBundle() as { mountChatWidget: typeof mountChatWidget };
  if (mounted?.element !== element) return; // switched off while the bundle loaded
  mounted.widget = bundle.mountChatWidget(shadow, createWidgetHost('floating'));
}

function unmountWidget(): void {
  mounted?.widget.destroy();
  mounted?.element.remove();
  mounted = undefined;
}

async function follow(): Promise<void> {
  const { enabled } = await loadSettings();
  if (enabled) await mountWidget();
  else unmountWidget();
}

onLocalChanged((keys) => {
  if (keys.includes('enabled')) void follow();
});
void follow();
