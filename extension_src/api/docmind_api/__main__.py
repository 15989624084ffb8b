"""`docmind-api` / `python -m docmind_api`: serve the DocMind API until SIGINT or SIGTERM.

Exit codes as xtk's: 0 after a clean stop, 1 when the port cannot be opened, 2 for bad usage or configuration
(arguments, environment variables).
"""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import sys
import threading
from types import FrameType

import click

from docmind_api import __version__
from docmind_api.server import DocMindServer
from docmind_api.settings import SettingsError, load_settings

DEFAULT_HOST = "127.0.0.1"
#: The extension's build-time API_BASE_URL (xtk.toml [constants]) points here.
DEFAULT_PORT = 8787


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--host",
    default=DEFAULT_HOST,
    show_default=True,
    help="Address to listen on. Anything but loopback exposes the API (no authentication) to the network.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="Port to listen on; 0 picks a free one (the start-up line says which).",
)
@click.version_option(__version__, prog_name="docmind-api")
def cli(host: str, port: int) -> None:
    """Serve the DocMind API: POST /query and GET /health.

    Answers offline (extractive, no model) unless DOCMIND_LLM_BASE_URL is set; then DOCMIND_LLM_MODEL is required,
    and DOCMIND_LLM_API_KEY and DOCMIND_LLM_TIMEOUT (seconds, default 60) are optional. See docs/api.md.
    """
    try:
        settings = load_settings(os.environ)
    except SettingsError as error:
        click.echo(f"docmind-api: error: {error}", err=True)
        sys.exit(2)
    try:
        server = DocMindServer((host, port), settings)
    except socket.gaierror as error:
        click.echo(f"docmind-api: error: --host: cannot listen on {host!r} ({error.strerror})", err=True)
        sys.exit(2)
    except OSError as error:
        click.echo(f"docmind-api: error: cannot listen on {_url(host, port)}: {error.strerror or error}", err=True)
        sys.exit(1)

    stop = threading.Event()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    # serve_forever runs in a thread so the main thread is free to receive the signals and call shutdown(),
    # which would deadlock if called from the thread serving.
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    serving.start()
    actual_port = server.server_address[1]
    answerer = settings.answerer + (f", model: {settings.llm.model}" if settings.llm else "")
    click.echo(f"DocMind API on {_url(host, actual_port)} (answerer: {answerer})")
    sys.stdout.flush()
    if not _is_loopback(host):
        click.echo(
            f"docmind-api: warning: listening on {host}: anyone who can reach it can send text to "
            "the API (there is no authentication)",
            err=True,
        )
    while not stop.wait(0.5):
        pass
    server.shutdown()
    server.server_close()
    click.echo("DocMind API stopped", err=True)


def main() -> None:
    cli(prog_name="docmind-api")


if __name__ == "__main__":
    main()
