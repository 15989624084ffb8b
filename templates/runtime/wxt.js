// xtk's stand-in for WXT's runtime (docs/import.md): the auto-imported names a WXT project uses, injected by xtk at
// build time and answering `wxt/browser`, `wxt/utils/define-*` and `#imports`. WXT runs an entrypoint's `main` from
// a generated entry module after importing it; here `define*` runs it when the entry module evaluates its
// `export default define*(...)` (the module's top level, as MV3 service workers need their listeners).
// Every export is a pure declaration, so a bundle that uses none of them carries none of this.

function pickBrowser() {
  const ns = globalThis.browser;
  return ns && ns.runtime && ns.runtime.id ? ns : globalThis.chrome;
}

/** WXT's `browser`: the promise-based `browser` namespace where there is one, else `chrome`. */
export const browser = /* @__PURE__ */ pickBrowser();

function reportFailure(name, error) {
  console.error(`[${name}] main() failed:`, error);
}

function runMain(name, main, argument) {
  try {
    const result = main(argument);
    if (result && typeof result.then === "function") result.then(undefined, (error) => reportFailure(name, error));
    return result;
  } catch (error) {
    reportFailure(name, error);
    return undefined;
  }
}

/** `defineBackground(main)` or `defineBackground({ main, type, persistent })`: runs main now. */
export function defineBackground(definition) {
  const resolved = typeof definition === "function" ? { main: definition } : definition;
  runMain("background", resolved.main);
  return resolved;
}

/** `defineUnlistedScript(main)` or `defineUnlistedScript({ main })`: runs main now and returns its result, the
 * module's default export: what `scripting.executeScript({ files })` returns for a [[scripts]] entry (as in WXT). */
export function defineUnlistedScript(definition) {
  const resolved = typeof definition === "function" ? { main: definition } : definition;
  return runMain("unlisted script", resolved.main);
}

/** The `ctx` a content script's main receives: a signal and timers that stop when the script is invalidated. */
export class ContentScriptContext {
  constructor(name, options) {
    this.contentScriptName = name;
    this.options = options;
    this.abortController = new AbortController();
    // a MAIN-world script has no extension runtime from the start: it is never invalidated for lacking one
    this.hadRuntime = Boolean(pickBrowser()?.runtime?.id);
  }
  get signal() {
    return this.abortController.signal;
  }
  get isInvalid() {
    if (this.hadRuntime && !pickBrowser()?.runtime?.id) this.abort("Extension context invalidated");
    return this.signal.aborted;
  }
  get isValid() {
    return !this.isInvalid;
  }
  abort(reason) {
    this.abortController.abort(reason);
  }
  onInvalidated(callback) {
    this.signal.addEventListener("abort", callback);
    return () => this.signal.removeEventListener("abort", callback);
  }
  block() {
    return new Promise(() => {});
  }
  setInterval(handler, timeout) {
    const id = setInterval(() => this.isValid && handler(), timeout);
    this.onInvalidated(() => clearInterval(id));
    return id;
  }
  setTimeout(handler, timeout) {
    const id = setTimeout(() => this.isValid && handler(), timeout);
    this.onInvalidated(() => clearTimeout(id));
    return id;
  }
  requestAnimationFrame(callback) {
    const id = requestAnimationFrame((...args) => this.isValid && callback(...args));
    this.onInvalidated(() => cancelAnimationFrame(id));
    return id;
  }
  requestIdleCallback(callback, options) {
    const id = requestIdleCallback((...args) => this.signal.aborted || callback(...args), options);
    this.onInvalidated(() => cancelIdleCallback(id));
    return id;
  }
  addEventListener(target, type, handler, options) {
    target?.addEventListener?.(type, handler, { ...options, signal: this.signal });
  }
}

/** `defineContentScript({ matches, main(ctx) })`: runs main now with a fresh context. The manifest options were
 * read by `xtk import` into xtk.toml. */
export function defineContentScript(definition) {
  runMain("content script", definition.main, new ContentScriptContext("content", definition));
  return definition;
}
