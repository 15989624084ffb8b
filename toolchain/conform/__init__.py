"""`xtk conform`: run a project's golden vectors ([golden] vectors) against its TypeScript runtime in every engine.

    bundle.py   the project's conformance module behind one ASCII-JSON entry point, bundled by esbuild
    engines/    V8 (mini-racer), SpiderMonkey (pythonmonkey), Node, headless Chromium, headless Firefox ESR
    harness.py  load and check the vectors, resolve corpus references, run every engine, compare, report

Nothing here imports an engine's client library until that engine runs.
"""
