"""`python -m docmind_api` / `docmind-api`: start-up line, health, clean stop on signals, exit codes, settings."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from docmind_api.settings import LlmSettings, SettingsError, load_settings

REPO = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"DocMind API on http://127\.0\.0\.1:(\d+) \(answerer: (.+)\)\n")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCMIND_")}
    return {**env, **extra}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docmind_api", *args],
        capture_output=True,
        text=True,
        timeout=30,
        env=env or clean_env(),
        cwd=REPO,
    )


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[str]]]:
    processes: list[subprocess.Popen[str]] = []
    yield processes
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait()


def start(
    processes: list[subprocess.Popen[str]], env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], int, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "docmind_api", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env or clean_env(),
        cwd=REPO,
    )
    processes.append(process)
    assert process.stdout is not None
    line = process.stdout.readline()
    match = STARTED.fullmatch(line)
    assert match, line
    return process, int(match.group(1)), match.group(2)


def health(port: int) -> dict[str, object]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
        return json.load(response)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_starts_answers_and_stops_cleanly(started: list[subprocess.Popen[str]], stop: signal.Signals) -> None:
    process, port, answerer = start(started)
    assert port != 0 and answerer == "offline"
    assert health(port) == {"status": "ok", "answerer": "offline", "maxPageChars": 30000}
    process.send_signal(stop)
    _, stderr = process.communicate(timeout=10)
    assert process.returncode == 0
    assert re.search(r'"method": "GET", "path": "/health", "status": 200, "ms": \d+}\n', stderr)
    assert "Traceback" not in stderr and stderr.endswith("DocMind API stopped\n")


def test_the_openai_compatible_answerer_is_announced_without_the_key(started: list[subprocess.Popen[str]]) -> None:
    env = clean_env(
        DOCMIND_LLM_BASE_URL="http://127.0.0.1:9/v1", DOCMIND_LLM_MODEL="gpt-test", DOCMIND_LLM_API_KEY="sk-secret-123"
    )
    process, port, answerer = start(started, env)
    assert answerer == "openai-compatible, model: gpt-test"
    assert health(port)["answerer"] == "openai-compatible"
    process.terminate()
    stdout, stderr = process.communicate(timeout=10)
    assert process.returncode == 0
    assert "sk-secret" not in stdout + stderr


def test_a_base_url_without_a_model_is_a_usage_error() -> None:
    result = run("--port", "0", env=clean_env(DOCMIND_LLM_BASE_URL="https://api.openai.com/v1"))
    assert result.returncode == 2
    assert result.stderr.startswith("docmind-api: error: DOCMIND_LLM_MODEL: required when DOCMIND_LLM_BASE_URL is set")
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("env", "name"),
    [
        ({"DOCMIND_LLM_BASE_URL": "api.openai.com", "DOCMIND_LLM_MODEL": "m"}, "DOCMIND_LLM_BASE_URL"),
        (
            {"DOCMIND_LLM_BASE_URL": "http://localhost:1/v1", "DOCMIND_LLM_MODEL": "m", "DOCMIND_LLM_TIMEOUT": "soon"},
            "DOCMIND_LLM_TIMEOUT",
        ),
        (
            {"DOCMIND_LLM_BASE_URL": "http://localhost:1/v1", "DOCMIND_LLM_MODEL": "m", "DOCMIND_LLM_TIMEOUT": "-1"},
            "DOCMIND_LLM_TIMEOUT",
        ),
    ],
)
def test_bad_configuration_names_the_variable(env: dict[str, str], name: str) -> None:
    result = run("--port", "0", env=clean_env(**env))
    assert result.returncode == 2
    assert result.stderr.startswith(f"docmind-api: error: {name}: ")


@pytest.mark.parametrize("args", [("--port", "abc"), ("--port", "70000"), ("--verbose",), ("serve",)])
def test_bad_arguments_are_usage_errors(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Usage: docmind-api" in result.stderr and "Traceback" not in result.stderr


def test_a_busy_port_exits_1() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("--port", str(port))
    assert result.returncode == 1
    assert result.stderr.startswith(f"docmind-api: error: cannot listen on http://127.0.0.1:{port}: ")


def test_the_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("docmind-api")
    if not script.exists():
        pytest.skip("not installed in this environment (pip install -e .)")
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0
    assert "--port INTEGER RANGE" in result.stdout and "[default: 8787;" in result.stdout


# -- settings ---------------------------------------------------------------------------------------------------------


def test_settings_default_to_offline() -> None:
    assert load_settings({}).answerer == "offline"
    assert load_settings({"DOCMIND_LLM_BASE_URL": "  "}).llm is None


def test_settings_for_a_model_server() -> None:
    settings = load_settings(
        {
            "DOCMIND_LLM_BASE_URL": "https://api.openai.com/v1/",
            "DOCMIND_LLM_MODEL": "gpt-4o-mini",
            "DOCMIND_LLM_API_KEY": "sk-abc",
            "DOCMIND_LLM_TIMEOUT": "12.5",
        }
    )
    assert settings.llm == LlmSettings("https://api.openai.com/v1", "gpt-4o-mini", "sk-abc", 12.5)
    assert settings.answerer == "openai-compatible"
    assert "sk-abc" not in repr(settings)  # never in a log line or a traceback
    assert load_settings(
        {"DOCMIND_LLM_BASE_URL": "http://localhost:8080/v1", "DOCMIND_LLM_MODEL": "m"}
    ).llm == LlmSettings("http://localhost:8080/v1", "m", None, 60.0)


def test_settings_errors_name_the_variable() -> None:
    with pytest.raises(SettingsError, match=r"^DOCMIND_LLM_MODEL: required"):
        load_settings({"DOCMIND_LLM_BASE_URL": "https://api.openai.com/v1"})
    with pytest.raises(SettingsError, match=r"^DOCMIND_LLM_TIMEOUT: must be a positive number"):
        load_settings({"DOCMIND_LLM_BASE_URL": "https://x/v1", "DOCMIND_LLM_MODEL": "m", "DOCMIND_LLM_TIMEOUT": "nan"})
