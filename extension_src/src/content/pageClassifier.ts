// Page classification (seed 000 §6.6): cheap structural heuristics that say when highlighting cannot be trusted.
// The thresholds are the spec's. 'too-large' comes from the indexer (MAX_DOM_NODES), 'restricted-page' from the
// background (no content script answers there).
import type { UnsupportedReason } from '../shared/protocol';

/** Custom elements looked at, at most, for shadow roots. */
const MAX_SHADOW_CHECKS = 200;

export function classifyPage(): UnsupportedReason | null {
  // Read once: the spec's classifyPage and detectShadowDomContent each read the same value.
  const bodyText = document.body?.innerText?.trim().length || 0;
  if (bodyText < 200) return 'insufficient-text';
  if (document.querySelector('[class*="virtual"], [class*="windowed"], [data-virtualized]')) return 'virtualized-content';
  if (detectShadowDomContent(bodyText)) return 'shadow-dom-content';
  if (document.querySelectorAll('iframe').length > 3 && bodyText < 500) return 'iframe-heavy';
  return null;
}

function detectShadowDomContent(bodyText: number): boolean {
  const elements = document.body.getElementsByTagName('*');
  let shadowHostCount = 0;
  let customElementCount = 0;
  for (let i = 0; i < Math.min(elements.length, MAX_SHADOW_CHECKS); i++) {
    const element = elements[i]!;
    if (!element.tagName.includes('-')) continue;
    customElementCount++;
    if (element.shadowRoot) shadowHostCount++;
    if (shadowHostCount >= 10) return true;
  }
  if (shadowHostCount >= 5 && customElementCount > 0 && shadowHostCount / customElementCount > 0.2) return true;
  // Unreachable after classifyPage's own insufficient-text check; kept as the spec has it.
  return bodyText < 200 && elements.length > 50;
}
