// The LocalToolExecutor (seed §4.3, §4.5): each local tool runs a small self-contained function in the user's tab
// with scripting.executeScript (in the extension's isolated world: the page's scripts cannot see or change it).
// A function reports a failure by returning { error } (Chrome does not pass on what an injected function throws).
// What the page gives back is checked against the tool's result schema by the caller before it goes anywhere.
import { captureTab, runInTab, tabDetails, waitForTabLoad } from '../shared/browser';
import type {
  TabClickArgs, TabClickResult, TabInfoResult, TabReadDomArgs, TabReadDomResult, TabScreenshotArgs,
  TabScreenshotResult, TabScrollArgs, TabScrollResult, TabTypeArgs, TabTypeResult, ToolCall, ToolResult,
} from '../shared/protocol';

const TEXT_LIMIT = 50_000;
const HTML_LIMIT = 100_000;
const NAVIGATION_WAIT_MS = 5_000;

export function executeTool(tabId: number, call: ToolCall): Promise<ToolResult> {
  switch (call.name) {
    case 'tab_read_dom':
      return readDom(tabId, call.args);
    case 'tab_info':
      return info(tabId);
    case 'tab_scroll':
      return scroll(tabId, call.args);
    case 'tab_click':
      return click(tabId, call.args);
    case 'tab_type':
      return type(tabId, call.args);
    case 'tab_screenshot':
      return screenshot(tabId, call.args);
  }
}

/** Seed §4.3 tab_screenshot: the visible area as JPEG (quality 80 unless asked), with its size. */
async function screenshot(tabId: number, args: TabScreenshotArgs): Promise<TabScreenshotResult> {
  const imageDataUrl = await captureTab(tabId, args.quality ?? 80);
  const size = jpegSize(imageDataUrl);
  if (size === undefined) throw new Error('the browser gave no JPEG image');
  return { tool: 'tab_screenshot', imageDataUrl, format: 'jpeg', ...size };
}

/** A JPEG data URL's width and height, from its start-of-frame segment (undefined: not a baseline/progressive JPEG). */
export function jpegSize(dataUrl: string): { width: number; height: number } | undefined {
  const prefix = 'data:image/jpeg;base64,';
  if (!dataUrl.startsWith(prefix)) return undefined;
  let bytes: string;
  try {
    bytes = atob(dataUrl.slice(prefix.length, prefix.length + 262_144)); // the frame header is near the start
  } catch {
    return undefined;
  }
  const at = (i: number): number => bytes.charCodeAt(i);
  if (at(0) !== 0xff || at(1) !== 0xd8) return undefined;
  for (let i = 2; i + 9 < bytes.length;) {
    if (at(i) !== 0xff) return undefined;
    const marker = at(i + 1);
    const length = (at(i + 2) << 8) | at(i + 3);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (at(i + 5) << 8) | at(i + 6);
      const width = (at(i + 7) << 8) | at(i + 8);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    i += 2 + length;
  }
  return undefined;
}

async function readDom(tabId: number, args: TabReadDomArgs): Promise<TabReadDomResult> {
  const page = await runInTab(tabId, (selector: string | null, includeHtml: boolean, textLimit: number,
                                      htmlLimit: number) => {
    let element: Element | null;
    try {
      element = selector === null ? document.body : document.querySelector(selector);
    } catch {
      return { error: `not a valid CSS selector: ${selector}` };
    }
    if (element === null) return { error: `no element matches ${selector ?? 'body'}` };
    const text = element instanceof HTMLElement ? element.innerText : (element.textContent ?? '');
    const html = element.innerHTML;
    return {
      text: text.slice(0, textLimit),
      truncated: text.length > textLimit || (includeHtml && html.length > htmlLimit),
      ...(includeHtml ? { html: html.slice(0, htmlLimit) } : {}),
    };
  }, [args.selector ?? null, args.includeHtml ?? false, TEXT_LIMIT, HTML_LIMIT]);
  const { url, title } = await tabDetails(tabId);
  return { tool: 'tab_read_dom', url, title, ...(page as Omit<TabReadDomResult, 'tool' | 'url' | 'title'>) };
}

async function info(tabId: number): Promise<TabInfoResult> {
  const structure = await runInTab(tabId, () => ({
    headings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].slice(0, 100).map((heading) => ({
      level: Number(heading.tagName.slice(1)),
      text: (heading.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
    })),
    linkCount: document.querySelectorAll('a[href]').length,
    formCount: document.forms.length,
  }), []);
  const { url, title, favIconUrl } = await tabDetails(tabId);
  return { tool: 'tab_info', url, title, favIconUrl, ...(structure as Pick<TabInfoResult, 'headings' | 'linkCount' |
    'formCount'>) };
}

async function scroll(tabId: number, args: TabScrollArgs): Promise<TabScrollResult> {
  const position = await runInTab(tabId, (direction: string, pixels: number, selector: string | null) => {
    let container: Element | null;
    try {
      container = selector === null ? document.scrollingElement : document.querySelector(selector);
    } catch {
      return { error: `not a valid CSS selector: ${selector}` };
    }
    if (container === null) return { error: `no element matches ${selector ?? 'the page'}` };
    const target = direction === 'top' ? 0
      : direction === 'bottom' ? container.scrollHeight
      : container.scrollTop + (direction === 'up' ? -pixels : pixels);
    container.scrollTo({ top: target, behavior: 'instant' });
    const viewportHeight = selector === null ? window.innerHeight : container.clientHeight;
    return { scrollTop: container.scrollTop, scrollHeight: container.scrollHeight, viewportHeight };
  }, [args.direction, args.pixels ?? 500, args.selector ?? null]);
  return { tool: 'tab_scroll', ...(position as Omit<TabScrollResult, 'tool'>) };
}

async function click(tabId: number, args: TabClickArgs): Promise<TabClickResult> {
  const navigation = args.waitForNavigation === true ? waitForTabLoad(tabId, NAVIGATION_WAIT_MS) : undefined;
  const clicked = await runInTab(tabId, (selector: string | null, x: number | null, y: number | null) => {
    let element: Element | null;
    try {
      element = selector !== null ? document.querySelector(selector)
        : x !== null && y !== null ? document.elementFromPoint(x, y) : null;
    } catch {
      return { error: `not a valid CSS selector: ${selector}` };
    }
    if (element === null) return { error: `Element not found: ${selector ?? `(${x},${y})`}` };
    if (element instanceof HTMLElement) element.click();
    else element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const text = element instanceof HTMLElement ? element.innerText : (element.textContent ?? '');
    return { tag: element.tagName.toLowerCase().slice(0, 100), text: text.trim().slice(0, 200) };
  }, [args.selector ?? null, args.x ?? null, args.y ?? null]);
  const navigated = navigation === undefined ? false : await navigation;
  return { tool: 'tab_click', ...(clicked as { tag: string; text: string }), navigated };
}

async function type(tabId: number, args: TabTypeArgs): Promise<TabTypeResult> {
  const typed = await runInTab(tabId, (selector: string, text: string, clear: boolean) => {
    let element: Element | null;
    try {
      element = document.querySelector(selector);
    } catch {
      return { error: `not a valid CSS selector: ${selector}` };
    }
    if (element === null) return { error: `Element not found: ${selector}` };
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      element.focus();
      // The prototype's setter, as a user's typing does: frameworks that wrap `value` on the element see it.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
      const value = (clear ? '' : element.value) + text;
      if (setter) setter.call(element, value);
      else element.value = value;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return { tag: element.tagName.toLowerCase(), value: element.value.slice(0, 20000) };
    }
    if (element instanceof HTMLElement && element.isContentEditable) {
      element.focus();
      if (clear) element.textContent = '';
      element.append(text);
      element.dispatchEvent(new InputEvent('input', { bubbles: true, data: text, inputType: 'insertText' }));
      return { tag: element.tagName.toLowerCase(), value: (element.textContent ?? '').slice(0, 20000) };
    }
    return { error: `${selector} is not a text field (input, textarea or contenteditable)` };
  }, [args.selector, args.text, args.clear ?? true]);
  return { tool: 'tab_type', ...(typed as { tag: string; value: string }) };
}
