// The popup's side of its Web Worker: requests answered in order (the worker handles one message at a time), every
// answer validated with the generated protocol module (the worker-to-popup channel).
import { extensionUrl } from '../shared/browser';
import { describeInvalidWorkerToPopup, isWorkerToPopup, type PopupToWorker, type WorkerToPopup } from '../shared/protocol';

export class WorkerClient {
  // a module worker: its bundle is ES (xtk's [[workers]] default), and Transformers.js reads import.meta.url
  private readonly worker = new Worker(extensionUrl('worker/index.js'), { type: 'module' });
  private readonly waiting: { resolve: (answer: WorkerToPopup) => void; reject: (error: Error) => void }[] = [];

  constructor() {
    this.worker.onmessage = (event: MessageEvent<unknown>) => {
      const next = this.waiting.shift();
      if (!next) return;
      if (isWorkerToPopup(event.data)) next.resolve(event.data);
      else next.reject(new Error(`invalid answer from the worker: ${describeInvalidWorkerToPopup(event.data)}`));
    };
    this.worker.onerror = (event: ErrorEvent) => {
      for (const pending of this.waiting.splice(0)) pending.reject(new Error(`the worker failed: ${event.message}`));
    };
  }

  request(message: PopupToWorker): Promise<WorkerToPopup> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(message);
    });
  }
}
