// The popup, in plain TypeScript and DOM: asks the background about the tab and shows the answer.
import { message } from '../shared/browser';
import { describeCurrentTab } from './describe';

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup: #${id} is missing from index.html`);
  return found;
}

async function render(): Promise<void> {
  element('heading').textContent = message('popupHeading');
  const summary = await describeCurrentTab();
  element('title').textContent = summary.title;
  const detail = element('detail');
  detail.textContent = summary.detail;
  detail.dataset['state'] = summary.state;
  document.body.dataset['ready'] = 'true';
}

render().catch((error: unknown) => {
  const detail = element('detail');
  detail.textContent = String(error);
  detail.dataset['state'] = 'error';
  document.body.dataset['ready'] = 'true';
});
