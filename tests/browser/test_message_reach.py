"""What xtk lint's message rules assume about where a message goes (toolchain/lint/channels.py), measured in both
engines: `tabs.sendMessage` to a tab showing one of the extension's own pages reaches that page's
`runtime.onMessage` listener (so XM001/XM002 count such pages among a tab's receivers).

The same run showed the other half of XM005's reasoning (docs/decisions.md, "Where a message goes, measured"): sent
as soon as `tabs.create` resolves, the message fails with "Receiving end does not exist" in both engines, since the
page has not run its script yet. That race is not asserted here (a fast machine could win it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.browsers import launch

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "extensions"
ENGINES = [("chromium", "mv3-tab-page"), ("firefox", "mv2-tab-page")]

SEND_TO_A_TAB_PAGE = """async () => {
  const api = globalThis.browser ?? chrome;
  const tab = await api.tabs.create({ url: api.runtime.getURL('page.html'), active: false });
  const errors = [];
  for (let tries = 0; tries < 100; tries += 1) {  // until the page's listener exists (10 s at most)
    try {
      const answer = await api.tabs.sendMessage(tab.id, { type: 'HI' });
      return JSON.stringify({ answer, errors: [...new Set(errors)] });
    } catch (error) {
      errors.push(String(error.message));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return JSON.stringify({ answer: null, errors: [...new Set(errors)] });
}"""


@pytest.mark.browser
@pytest.mark.parametrize(("engine", "fixture"), ENGINES, ids=[engine for engine, _ in ENGINES])
def test_tabs_send_message_reaches_an_extension_page_shown_in_the_tab(
    engine: str, fixture: str, tmp_path: Path
) -> None:
    with launch(engine, FIXTURES / fixture, workdir=tmp_path) as browser:
        driver = browser.open_extension_page("driver.html")
        outcome = json.loads(browser.evaluate(driver, f"({SEND_TO_A_TAB_PAGE})()"))
    assert outcome["answer"] == "page got HI", outcome
    # before the page had run, the only failure is the one XM005 asks senders to handle
    assert all("Receiving end does not exist" in error for error in outcome["errors"]), outcome
