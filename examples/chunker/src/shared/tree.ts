// The chunker's input: a simplified DOM tree (specs/chunker.md). The content script makes it from the live DOM
// (src/content/tree.ts); the Python reference from a saved page (reference/chunker_reference/html_tree.py).

/** The attributes a tree keeps (the chunker reads no other). */
export const ATTRIBUTES = ['role', 'data-rag-ignore', 'data-component', 'id'] as const;
export type AttributeName = (typeof ATTRIBUTES)[number];

export interface TreeElement {
  /** The element's local name, lower case. */
  tag: string;
  attrs: Partial<Record<AttributeName, string>>;
  /** Not rendered (display: none, visibility: hidden, never-rendered tags); its children are then empty. */
  hidden: boolean;
  children: TreeNode[];
}

/** An element, or a text node's text. */
export type TreeNode = TreeElement | string;
