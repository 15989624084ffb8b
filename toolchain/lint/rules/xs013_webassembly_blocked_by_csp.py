"""XS013: the package ships WebAssembly its extension pages compile, and their content security policy forbids it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.csp import extension_pages_policy, parse_policy
from toolchain.lint.model import Finding, Rule

#: every browser's policy for Manifest V3 extension pages when the manifest sets none (Chrome's documented default;
#: Firefox's adds only `upgrade-insecure-requests`): WebAssembly is disabled
DEFAULT_POLICY = "script-src 'self'; object-src 'self';"
#: the sources under which a page may compile WebAssembly
_ALLOWING = ("'wasm-unsafe-eval'", "'unsafe-eval'")
#: what compiles a module: a call the code makes (a string that names it is not enough)
_COMPILES = re.compile(rb"\bWebAssembly\s*\.\s*(instantiateStreaming|instantiate|compileStreaming|compile|Module)\b")
#: a script larger than this is not read for the evidence (a bundle of a few MB is read)
_MAX_READ = 16 * 1024 * 1024


def allows_webassembly(policy: str) -> bool:
    """Whether a page under `policy` may compile WebAssembly: `script-src` (else `default-src`, else nothing: an
    unrestricted policy) holds 'wasm-unsafe-eval' or 'unsafe-eval'."""
    directives = parse_policy(policy)
    sources = directives.get("script-src", directives.get("default-src"))
    return sources is None or any(source.lower() in _ALLOWING for source in sources)


def _wasm_files(folder: Path) -> list[str]:
    try:
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.wasm") if p.is_file())
    except OSError:
        return []


def _content_scripts(manifest: dict[str, object]) -> set[str]:
    """The package paths the manifest runs as content scripts (under the web page's policy, not the extension's)."""
    named: set[str] = set()
    entries = manifest.get("content_scripts")
    for entry in entries if isinstance(entries, list) else []:
        scripts = entry.get("js") if isinstance(entry, dict) else None
        if isinstance(scripts, list):
            named.update(script.lstrip("/") for script in scripts if isinstance(script, str))
    return named


def _compiling_scripts(folder: Path, manifest: dict[str, object]) -> Iterator[tuple[str, int]]:
    """(package path, line) of each script of the package, other than a content script, that calls what compiles
    WebAssembly: what the browser loads, bundles included (a project's node_modules code is in them)."""
    content = _content_scripts(manifest)
    try:
        scripts = sorted(p for p in folder.rglob("*") if p.suffix in (".js", ".mjs") and p.is_file())
    except OSError:
        return
    for path in scripts:
        name = path.relative_to(folder).as_posix()
        if name in content or name.startswith("node_modules/"):
            continue
        try:
            if path.stat().st_size > _MAX_READ:
                continue
            data = path.read_bytes()
        except OSError:
            continue
        found = _COMPILES.search(data)
        if found is not None:
            yield name, data.count(b"\n", 0, found.start()) + 1


class WebAssemblyBlockedByCsp(Rule):
    """The package ships WebAssembly its extension pages compile, and their content security policy forbids it.

    What it checks: for each Manifest V3 target, when the package holds `.wasm` files and a script of the package
    other than a content script (what an extension page, the background or a worker loads, bundles included) calls
    `WebAssembly.instantiate`, `compile` (or their `Streaming` forms) or `new WebAssembly.Module`, the extension
    pages' policy (`content_security_policy.extension_pages`) must let them compile it: `'wasm-unsafe-eval'` in
    `script-src` (or `default-src`). Without the key, every browser applies its default policy, `script-src 'self';
    object-src 'self'`, under which WebAssembly is disabled (Chrome's documentation says so; Firefox enforces it
    from Manifest V3 on and for Manifest V2 only reports the violation — its own `test_ext_wasm.js` — so MV2 is not
    judged). A warning: the call may sit behind a fallback the analysis does not follow (a runtime that falls back
    to JavaScript), or in a script only a web page loads; the finding names the file and line it read.

    Why it matters: the extension installs and loads, and the first use of the feature fails at run time ("Refused
    to compile or instantiate WebAssembly module because 'wasm-unsafe-eval' is not an allowed source"): an
    embedding model, a codec or a parser built to WebAssembly never runs, in any browser, and nothing at build
    time said so.

    Example:

        assets/ort-wasm-simd-threaded.wasm in the package, onnxruntime-web in the popup's worker,
        and no content_security_policy                                        // XS013

    Fix: allow it for extension pages — `"content_security_policy": {"extension_pages": "script-src 'self'
    'wasm-unsafe-eval'; object-src 'self'"}` (MV2: the same string as the key's value; in xtk.toml,
    `[csp] extension_pages`). `'unsafe-eval'` would allow it too, and much more: XS002 reports it.
    """

    code = "XS013"
    name = "webassembly-blocked-by-csp"
    severity = "warning"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if target.manifest_version < 3:
                continue  # Firefox only reports an MV2 page's WebAssembly violation; Chrome loads no MV2 extension
            pointer, policy = extension_pages_policy(target.manifest)
            if allows_webassembly(policy if policy is not None else DEFAULT_POLICY):
                continue
            package = target.package_dir or ctx.root
            wasm = _wasm_files(package)
            if not wasm:
                continue
            compiling = next(_compiling_scripts(package, target.manifest), None)
            if compiling is None:
                continue
            script, line = compiling
            said = "the default policy" if policy is None else "its policy"
            more = f" (and {len(wasm) - 1} more .wasm)" if len(wasm) > 1 else ""
            yield self.finding(
                f"`{wasm[0]}`{more} is in the package and `{script}` (line {line}) compiles WebAssembly outside the "
                f"content scripts, but {said} for extension pages has no 'wasm-unsafe-eval': the browser refuses "
                "to compile it",
                browser=target.browser,
                fix="add 'wasm-unsafe-eval' to script-src of the extension pages' policy "
                "(content_security_policy.extension_pages; in xtk.toml, [csp] extension_pages)",
                **ctx.manifest_where(pointer, target),
            )
