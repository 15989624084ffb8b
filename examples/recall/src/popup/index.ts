// The popup (seed: ui/popup, "stats"): the index's size and the queue, pause/resume, clear, and the search page.
import { openExtensionPage } from '../shared/browser';
import { ask, byId } from '../shared/ui';

const status = byId<HTMLParagraphElement>('status');
const pause = byId<HTMLButtonElement>('pause');
const clear = byId<HTMLButtonElement>('clear');
let confirmingClear = false;

async function refresh(): Promise<void> {
  const [stats, queue] = await Promise.all([ask({ type: 'GET_DB_STATS' }), ask({ type: 'GET_QUEUE_STATUS' })]);
  if (stats.type === 'DB_STATS') {
    byId('total-pages').textContent = String(stats.totalPages);
    byId('total-passages').textContent = String(stats.totalPassages);
    byId('total-size').textContent = `${(stats.totalSize / 1024).toFixed(1)} KB`;
  }
  if (queue.type === 'QUEUE_STATUS') {
    byId('queue').textContent =
      `${queue.pending} waiting, ${queue.processing} indexing, ${queue.failed} failed${queue.paused ? ' (paused)' : ''}`;
    pause.textContent = queue.paused ? 'Resume indexing' : 'Pause indexing';
    pause.dataset.paused = String(queue.paused);
  }
  document.body.dataset.ready = 'true';
}

function run(action: () => Promise<void>): void {
  document.body.dataset.busy = 'true';
  action()
    .then(refresh)
    .catch((error: unknown) => {
      status.textContent = error instanceof Error ? error.message : String(error);
    })
    .finally(() => {
      document.body.dataset.busy = 'false';
    });
}

pause.addEventListener('click', () => run(async () => {
  await ask({ type: pause.dataset.paused === 'true' ? 'RESUME_INDEXING' : 'PAUSE_INDEXING' });
}));

clear.addEventListener('click', () => run(async () => {
  if (!confirmingClear) {
    confirmingClear = true;
    clear.textContent = 'Click again to delete every indexed page';
    return;
  }
  confirmingClear = false;
  clear.textContent = 'Clear history';
  await ask({ type: 'CLEAR_HISTORY' });
  status.textContent = 'Every indexed page was deleted.';
}));

byId('open-search').addEventListener('click', () => run(() => openExtensionPage('search/index.html')));

run(async () => undefined);
