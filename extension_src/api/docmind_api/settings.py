"""Configuration from the environment: which answerer, and how to reach the model when there is one.

With no `DOCMIND_LLM_BASE_URL` the API answers offline. With it, `DOCMIND_LLM_MODEL` is required; the key is
optional (local servers rarely want one). The key is kept out of `repr()` so it never reaches a log or a traceback.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

DEFAULT_TIMEOUT_SECONDS = 60.0

AnswererName = Literal["offline", "openai-compatible"]


class SettingsError(ValueError):
    """A configuration problem, naming the environment variable."""


@dataclass(frozen=True)
class LlmSettings:
    base_url: str  # without a trailing slash
    model: str
    api_key: str | None = field(default=None, repr=False)
    timeout: float = DEFAULT_TIMEOUT_SECONDS


@dataclass(frozen=True)
class Settings:
    llm: LlmSettings | None = None

    @property
    def answerer(self) -> AnswererName:
        return "openai-compatible" if self.llm else "offline"


def _value(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def load_settings(env: Mapping[str, str]) -> Settings:
    base_url = _value(env, "DOCMIND_LLM_BASE_URL")
    if base_url is None:
        return Settings()
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SettingsError(
            f"DOCMIND_LLM_BASE_URL: must be an http(s) URL such as https://api.openai.com/v1 (got {base_url!r})"
        )
    model = _value(env, "DOCMIND_LLM_MODEL")
    if model is None:
        raise SettingsError("DOCMIND_LLM_MODEL: required when DOCMIND_LLM_BASE_URL is set (e.g. gpt-4o-mini)")
    raw_timeout = _value(env, "DOCMIND_LLM_TIMEOUT")
    timeout = DEFAULT_TIMEOUT_SECONDS
    if raw_timeout is not None:
        try:
            timeout = float(raw_timeout)
        except ValueError:
            timeout = math.nan
        if not (math.isfinite(timeout) and timeout > 0):
            raise SettingsError(f"DOCMIND_LLM_TIMEOUT: must be a positive number of seconds (got {raw_timeout!r})")
    return Settings(
        LlmSettings(
            base_url=base_url.rstrip("/"),
            model=model,
            api_key=_value(env, "DOCMIND_LLM_API_KEY"),
            timeout=timeout,
        )
    )
