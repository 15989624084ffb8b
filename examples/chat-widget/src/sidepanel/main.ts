// The docked mode (seed Lot 2): the same ChatWidget, always open, in the side panel (Firefox: the sidebar). Its
// tools act on the tab the user is looking at; `?tabId=N` pins one tab (as a panel opened for that tab would).
import { mountChatWidget } from '../chatwidget/index';
import { localized } from '../shared/browser';
import { createWidgetHost } from '../shared/widget-host';

const pinned = Number(new URLSearchParams(location.search).get('tabId') ?? 'NaN');
const target = document.getElementById('chat');
document.title = localized('widgetTitle');
if (target !== null) {
  mountChatWidget(target, createWidgetHost('docked', Number.isInteger(pinned) && pinned >= 0 ? pinned : undefined));
  document.body.dataset['ready'] = 'true';
}
