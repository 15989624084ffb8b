// The LocalToolExecutor (seed §4.3, §4.5): each local tool runs a small self-contained function in the user's tab
// with scripting.executeScript (in the extension's isolated world: the page's scripts cannot see or change it).
// A function reports a failure by returning { error } (Chrome does not pass on what an injected function throws).
// What the page gives back is checked against the tool's result schema by the caller before it goes anywhere.
import { runInTab, tabDetails, waitForTabLoad } from '../shared/browser';
import type {
  TabClickArgs, TabClickResult, TabInfoResult, TabReadDomArgs, TabReadDomResult, TabScrollArgs, TabScrollResult,
  TabTypeArgs, TabTypeResult, ToolCall, ToolResult,
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
  }
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
