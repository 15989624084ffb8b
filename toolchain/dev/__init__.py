"""`xtk dev` and `xtk run`: a development build kept up to date while you edit, loaded in a real browser.

    watcher (watchfiles) → dev_build (plan, manifest, pages, assets) + bundler (esbuild's JS API kept alive in
    Node) → reload_chromium / reload_firefox (the extension and the open tabs, within reload's bound) → events
    (text or JSON lines)

`session` ties them together; `beacon` is the local endpoint the reloaded background calls to say which build it
runs, which is how `reloaded.ms` is measured up to the new code running; it believes only the dev build it serves
(its origin and the session's token). See docs/dev.md.
"""
