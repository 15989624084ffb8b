// The popup (seed §2.2): the API URL, the widget's on/off switch, the API's connection and session, and the
// docked chat. Settings go to local storage (seed §2.1: popup → storage); the background answers the connection.
import { localized, openDockedChat, sendToBackground } from '../shared/browser';
import { describeInvalidBackgroundToPopup, isBackgroundToPopup } from '../shared/protocol';
import { apiBaseUrlProblem, loadSettings, normalizedBaseUrl, saveSettings } from '../shared/settings';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`popup/index.html has no #${id}`);
  return found as T;
}

const apiUrl = element<HTMLInputElement>('api-url');
const enabled = element<HTMLInputElement>('enabled');
const problem = element<HTMLParagraphElement>('problem');
const connection = element<HTMLParagraphElement>('connection');

for (const [id, name] of [['title', 'extName'], ['api-url-label', 'apiUrl'], ['enabled-label', 'widgetEnabled'],
                          ['save', 'save'], ['dock', 'openDocked']] as const) {
  element(id).textContent = localized(name);
}

async function showConnection(): Promise<void> {
  connection.dataset['state'] = 'checking';
  connection.textContent = localized('checking');
  const answer: unknown = await sendToBackground({ type: 'CHECK_CONNECTION' }).catch((error: unknown) => ({
    type: 'ERROR', error: String(error) }));
  if (!isBackgroundToPopup(answer)) {
    connection.dataset['state'] = 'unreachable';
    connection.textContent = `invalid answer: ${describeInvalidBackgroundToPopup(answer)}`;
  } else if (answer.type === 'ERROR') {
    connection.dataset['state'] = 'unreachable';
    connection.textContent = answer.error;
  } else if (!answer.reachable) {
    connection.dataset['state'] = 'unreachable';
    connection.textContent = localized('unreachable', [answer.apiBaseUrl]);
  } else if (!answer.authenticated) {
    connection.dataset['state'] = 'signed-out';
    connection.textContent = localized('signedOut', [answer.apiBaseUrl]);
  } else {
    connection.dataset['state'] = 'connected';
    connection.textContent = localized('connectedAs', [answer.user]);
  }
}

element<HTMLFormElement>('settings').addEventListener('submit', (event) => {
  event.preventDefault();
  const url = normalizedBaseUrl(apiUrl.value);
  const refused = apiBaseUrlProblem(url);
  problem.textContent = refused === undefined ? '' : localized('badApiUrl', [refused]);
  if (refused !== undefined) return;
  void saveSettings({ apiBaseUrl: url, enabled: enabled.checked }).then(showConnection);
});

element('dock').addEventListener('click', () => {
  openDockedChat().then(() => window.close()).catch((error: unknown) => {
    problem.textContent = String(error);
  });
});

void loadSettings().then((settings) => {
  apiUrl.value = settings.apiBaseUrl;
  enabled.checked = settings.enabled;
  document.body.dataset['ready'] = 'true';
  return showConnection();
});
