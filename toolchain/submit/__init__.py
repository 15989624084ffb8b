"""`xtk submit`: the store zips to the Chrome Web Store, addons.mozilla.org and Microsoft Edge Add-ons.

credentials.py reads the secrets (environment or a credentials file) and hides them in everything said; transport.py
is the one HTTP client (retries with backoff honouring Retry-After, no credential across hosts, upload progress);
chrome.py, amo.py and edge.py follow each store's documented API; run.py puts them in order after the checks a
release needs (package, lint, install-warning diff, sources verification).
"""
