// The live DOM as the chunker's tree (src/shared/tree.ts): computed styles say what is hidden. The Python
// reference makes the same tree from a saved page (reference/chunker_reference/html_tree.py), without CSS.
import { ATTRIBUTES, type TreeElement, type TreeNode } from '../shared/tree';

/** Never rendered: kept as hidden leaves (they still count as siblings in XPaths). */
const NEVER_RENDERED = new Set(['head', 'script', 'style', 'noscript', 'template', 'title', 'meta', 'link', 'base']);
/** Rendered, but their content is not text the chunker reads: kept as leaves. */
const OPAQUE = new Set(['svg', 'math', 'iframe', 'object', 'canvas', 'video', 'audio']);

function isHidden(element: Element, tag: string): boolean {
  if (NEVER_RENDERED.has(tag)) return true;
  const style = getComputedStyle(element);
  return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
}

export function treeOf(element: Element): TreeElement {
  const tag = element.localName.toLowerCase();
  const attrs: TreeElement['attrs'] = {};
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) attrs[name] = value;
  }
  const hidden = isHidden(element, tag);
  const children: TreeNode[] = [];
  if (!hidden && !OPAQUE.has(tag)) {
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = (child as Text).data;
        if (text === '') continue;
        const last = children.length - 1;
        if (typeof children[last] === 'string') children[last] += text; // adjacent text nodes: one string
        else children.push(text);
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        children.push(treeOf(child as Element));
      }
    }
  }
  return { tag, attrs, hidden, children };
}
