// The options page: the model endpoint (shared/endpoint.ts). The API key stays in the extension's local storage and
// is only read by the background, which sends it to that endpoint alone; the page shows whether one is stored, never
// the key itself. Firefox asks the user's consent to send page content when an endpoint is chosen.
import { localRemove, localSet, requestPageContentConsent } from '../shared/browser';
import { baseUrlProblem, ENDPOINT_SETTING, storedEndpoint, type Endpoint } from '../shared/endpoint';

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`options: #${id} is missing`);
  return found as T;
}

const status = byId<HTMLParagraphElement>('status');

async function show(): Promise<void> {
  const endpoint = await storedEndpoint();
  document.body.dataset.endpoint = endpoint === undefined ? 'none' : 'set';
  if (endpoint === undefined) {
    status.textContent = 'No endpoint: the offline answerer answers.';
    return;
  }
  byId<HTMLInputElement>('base-url').value = endpoint.baseUrl;
  byId<HTMLInputElement>('model').value = endpoint.model;
  byId<HTMLInputElement>('api-key').placeholder = endpoint.apiKey === '' ? 'no key' : 'a key is stored';
  status.textContent = `Answers come from ${endpoint.model} at ${new URL(endpoint.baseUrl).host}.`;
}

async function save(consent: Promise<boolean>): Promise<void> {
  const stored = await storedEndpoint();
  const typedKey = byId<HTMLInputElement>('api-key').value;
  const endpoint: Endpoint = {
    baseUrl: byId<HTMLInputElement>('base-url').value.trim(),
    model: byId<HTMLInputElement>('model').value.trim(),
    apiKey: typedKey !== '' ? typedKey : stored?.apiKey ?? '', // an empty field keeps the stored key
  };
  const problem = baseUrlProblem(endpoint.baseUrl);
  if (problem !== undefined) throw new Error(`Base URL: ${problem}`);
  await localSet(ENDPOINT_SETTING, endpoint);
  byId<HTMLInputElement>('api-key').value = '';
  await show();
  // Firefox's prompt may wait for the user long after the setting is stored: its answer is shown when it comes
  void consent.then((granted) => {
    document.body.dataset.consent = String(granted);
    if (!granted) status.textContent += ' Firefox has not allowed sending page content: questions will say so.';
  });
}

async function remove(): Promise<void> {
  await localRemove(ENDPOINT_SETTING);
  for (const id of ['base-url', 'model', 'api-key']) byId<HTMLInputElement>(id).value = '';
  await show();
}

async function run(action: () => Promise<void>): Promise<void> {
  document.body.dataset.busy = 'true';
  try {
    await action();
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    document.body.dataset.busy = 'false';
  }
}

byId<HTMLFormElement>('endpoint-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const consent = requestPageContentConsent(); // in the click itself: Firefox prompts only from a user action
  void run(() => save(consent));
});
byId('remove').addEventListener('click', () => void run(remove));
void run(show).finally(() => {
  document.body.dataset.ready = 'true';
});
