"""The body of `xtk dev` and `xtk run` (toolchain/cli/dev.py only parses options): run a session until Ctrl-C or
SIGTERM."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from toolchain.dev.session import DevOptions, DevSession


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_session(config_path: Path, options: DevOptions, *, watch: bool) -> None:
    """Watch and reload (`xtk dev`), or just keep the browser open (`xtk run`), until interrupted or the browser
    is closed. Ending always stops the browser and removes its profile; interrupts during that wait for it."""
    signal.signal(signal.SIGTERM, _interrupt)  # SIGTERM ends the session as Ctrl-C does, cleanly
    session = DevSession(config_path, options)
    started = False
    try:
        session.start(watch=watch)
        started = True
        # Both end when the browser is closed (its main process exits), as `web-ext run` does.
        while not options.launch or session.browser_alive():
            batch = session.next_change(0.5) if watch else None
            if batch is not None:
                session.handle(batch)
            elif not watch:
                time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for number in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C must not cut the clean-up short
            signal.signal(number, signal.SIG_IGN)
        try:
            session.close()
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if started:
            session.events.emit("stopped")
