# The two commands a newcomer needs: `make build` and `make test`. Each one sets up what it needs first,
# on a fresh Debian machine with Python 3.11 and Node 20 (as root, or with sudo for the browsers).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXT := extension_src
ORACLES := tests/oracle
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: build test check lint api screenshots setup python-deps node-deps oracle-deps examples-deps fixture-deps real-projects-deps browsers package bench clean

## make build — set up Python and npm dependencies, then build DocMind for Chrome, Edge and Firefox into build/.
build: setup
	$(BIN)/xtk build --browser all

## make test — set up everything (including Debian's chromium and firefox-esr), run xtk's own linters (make check),
## then the whole test suite.
test: setup oracle-deps examples-deps fixture-deps real-projects-deps browsers check
	$(BIN)/pytest

## make check — xtk's own code checks, clean: ruff (lint, then format --check) and mypy (pyproject.toml configures
## all three). `ruff format .` and `ruff check --fix .` repair most of what they report.
check: python-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## make lint — xtk's own lint of DocMind: permission posture and message protocol (no findings expected).
lint: setup
	$(BIN)/xtk lint

## make screenshots — the popup in light and dark mode, as the end-to-end test renders it in Chromium
## (docs/screenshots/popup-light.png and popup-dark.png, shown in the README).
screenshots: setup browsers
	mkdir -p docs/screenshots
	DOCMIND_SCREENSHOTS=$(CURDIR)/docs/screenshots $(BIN)/pytest -q -p no:cacheprovider tests/browser/test_docmind_e2e.py -k "dark_mode and chrome"

## make api — set up Python, then serve the DocMind API on http://127.0.0.1:8787 until Ctrl-C (offline answerer
## unless DOCMIND_LLM_BASE_URL is set; docs/api.md). Options go in API_ARGS, e.g. make api API_ARGS="--port 9000".
api: python-deps
	$(BIN)/docmind-api $(API_ARGS)

## make package — reproducible store zips and the sources zip in dist/.
package: setup
	$(BIN)/xtk package

## make bench — the benchmarks: xtk build against bare esbuild and WXT (installs WXT under benchmarks/.work/),
## the runtime's matchCitations against a literal port of the seed's, in Node and headless Chromium, and the
## trust evaluation: DocMind's highlights on every page of ../shared/corpus/pages in headless Chromium; and
## `xtk import` + build against each real project's own tool (WXT, Plasmo, Vite + CRXJS; tests/real_projects/); and
## `xtk lint`'s time per MB against line length and character set (one minified line, ASCII or not, vs short lines).
bench: setup browsers real-projects-deps
	$(BIN)/python benchmarks/build_speed.py
	$(BIN)/python benchmarks/import_build.py
	$(BIN)/python benchmarks/match_speed.py
	$(BIN)/python benchmarks/trust_eval.py
	$(BIN)/python benchmarks/lint_scaling.py

setup: python-deps node-deps

python-deps: $(VENV)/.installed
$(VENV)/.installed: pyproject.toml $(EXT)/api/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# xtk and DocMind's Python distribution `docmind` (the API and DocMind's reference, docmind_reference), both editable.
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]' -e $(EXT)/api
	# Byte-compile xtk now: with PYTHONDONTWRITEBYTECODE set, every run would otherwise recompile it (~30 ms).
	$(BIN)/python -m compileall -q toolchain $(EXT)/api
	touch $@

node-deps: $(EXT)/node_modules/.installed
$(EXT)/node_modules/.installed: $(EXT)/package.json $(EXT)/package-lock.json
	cd $(EXT) && npm ci --no-audit --no-fund
	touch $@

oracle-deps: $(ORACLES)/node_modules/.installed
$(ORACLES)/node_modules/.installed: $(ORACLES)/package.json $(ORACLES)/package-lock.json
	cd $(ORACLES) && npm ci --no-audit --no-fund
	touch $@

# The example projects under examples/ (issue 12), each with its own package.json and lockfile: one name per example.
EXAMPLES := magellan chunker chat-widget recall
examples-deps: $(foreach example,$(EXAMPLES),examples/$(example)/node_modules/.installed)
examples/%/node_modules/.installed: examples/%/package.json examples/%/package-lock.json
	cd examples/$* && npm ci --no-audit --no-fund
	touch $@

# The real-project corpus (issue 18): three open-source extensions vendored unchanged under tests/real_projects/,
# each installed from the npm lock beside it into tests/real_projects/.work/<name>/ (prepare.py; re-runs npm only
# when a lock or package.json changed).
real-projects-deps: python-deps
	$(BIN)/python tests/real_projects/prepare.py

# Test fixtures with their own npm packages: the stylesheet tools (sass, less, PostCSS, Tailwind) the CSS pipeline
# tests build with. The tests install them the same way when missing (the stamp is the lockfile's sha256).
STYLESHEETS := tests/fixtures/projects/stylesheets
fixture-deps: $(STYLESHEETS)/node_modules/.xtk-lock.sha256
$(STYLESHEETS)/node_modules/.xtk-lock.sha256: $(STYLESHEETS)/package.json $(STYLESHEETS)/package-lock.json | python-deps
	$(BIN)/python -c "from tests.integration.stylesheets_support import install_stylesheets_fixture as i; i()"

# Real browsers come from Debian's packages; no test tool may download its own.
browsers:
	@if command -v chromium >/dev/null && command -v firefox-esr >/dev/null; then \
	  echo "browsers: $$(chromium --version 2>/dev/null | head -1); $$(firefox-esr --version 2>/dev/null)"; \
	else \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium firefox-esr; \
	fi

clean:
	rm -rf build dist $(EXT)/.xtk
