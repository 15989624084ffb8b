// TabMonitor (seed: "TabMonitor"): dwell time per tab. The content script measures the page's visible time and
// reports it; a page reported at MIN_DWELL_TIME or more is queued (once per visit); a later report of the same
// visit only updates the stored dwell. A new top-frame navigation or a closed tab ends the visit.
import { isIndexable, MIN_DWELL_TIME } from '../shared/config';
import type { PageDwell } from '../shared/protocol';
import type { IndexingQueue } from './queue';
import { touchPage } from './store';

export class TabMonitor {
  /** The URL of each tab's current visit, once it has been queued. */
  private readonly queuedVisits = new Map<number, string>();

  constructor(private readonly queue: IndexingQueue) {}

  /** The tab's visit is over (a new navigation, or the tab closed). */
  endVisit(tabId: number): void {
    this.queuedVisits.delete(tabId);
  }

  /** A dwell report from a tab's content script; true when it queued the page. */
  async onDwell(tabId: number, report: PageDwell, now: number): Promise<boolean> {
    if (!isIndexable(report.url) || report.dwellTime < MIN_DWELL_TIME) return false;
    if (this.queuedVisits.get(tabId) === report.url) {
      await touchPage(report.url, report.dwellTime, now);
      return false;
    }
    this.queuedVisits.set(tabId, report.url);
    this.queue.add({ url: report.url, title: report.title, tabId, timestamp: now, dwellTime: report.dwellTime });
    return true;
  }
}
