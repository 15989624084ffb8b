// The popup, in React: asks the background about the tab and shows the answer.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from '../shared/browser';
import { describeCurrentTab, type TabSummary } from './describe';

function Popup() {
  const [summary, setSummary] = useState<TabSummary | null>(null);
  useEffect(() => {
    describeCurrentTab()
      .catch((error: unknown): TabSummary => ({ state: 'error', title: '', detail: String(error) }))
      .then(setSummary);
  }, []);
  useEffect(() => {
    if (summary) document.body.dataset['ready'] = 'true';
  }, [summary]);
  return (
    <>
      <h1 id="heading">{message('popupHeading')}</h1>
      <p id="title">{summary?.title}</p>
      <p id="detail" role="status" aria-live="polite" data-state={summary?.state}>
        {summary?.detail}
      </p>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('popup: #root is missing from index.html');
createRoot(root).render(<Popup />);
