// URL identity and stale detection (seed 000 §6.4), with the WHATWG URL Standard's parsing (D9).
import { MATCHING_CONFIG } from './config';

/** The URL-only subset of a page's identity, used for stale checks. */
export interface UrlIdentity {
  origin: string;
  pathname: string;
  meaningfulParams: string; // sorted, filtered query string
  full: string; // origin + pathname + meaningful params
}

export type StaleCheckResult =
  | { stale: false }
  | { stale: true; reason: 'path-changed' | 'params-changed' | 'expired' | 'dom-changed' };

const MEANINGFUL_PARAMS = new Set(['version', 'v', 'lang', 'language', 'platform', 'view', 'tab', 'page']);

/** Origin, path and the whitelisted query parameters, sorted; an unparseable URL is its own path and identity. */
export function parseUrlIdentity(url: string): UrlIdentity {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // unparseable: below
  }
  // The URL Standard never gives a special URL a host holding '%' (a forbidden domain code point). Chromium (156)
  // departs from it there: it accepts a space in a host (or what maps to one: U+00A0, U+3000…) and writes it %20,
  // where the standard fails (as Node, Firefox and the reference's ada do). Fail too.
  if (!parsed || (/^(https?|wss?|ftp|file):$/.test(parsed.protocol) && parsed.hostname.includes('%'))) {
    return { origin: '', pathname: url, meaningfulParams: '', full: url };
  }
  const meaningful: string[] = [];
  parsed.searchParams.forEach((value, key) => {
    if (MEANINGFUL_PARAMS.has(key.toLowerCase())) meaningful.push(`${key}=${value}`);
  });
  meaningful.sort(); // UTF-16 code unit order
  const meaningfulParams = meaningful.join('&');
  const origin = identityOrigin(parsed);
  const { pathname } = parsed;
  const full = `${origin}${pathname}${meaningfulParams ? '?' + meaningfulParams : ''}`;
  return { origin, pathname, meaningfulParams, full };
}

/**
 * D15: `scheme://host[:port]` when the URL has a host (its serialization has `//` after the scheme), else `scheme:`
 * alone. Not `URL.origin`: that is the security origin, which engines disagree on for file: (Chromium "file://",
 * the others "null") and extension pages, and which is "null" for data:, about: and every non-special scheme.
 */
function identityOrigin(parsed: URL): string {
  const { protocol, host, href } = parsed;
  return href.startsWith(`${protocol}//`) ? `${protocol}//${host}` : protocol;
}

/** Whether highlights made for `stored` still describe the page at `current`, `ageMs` later (URL and age only). */
export function checkStale(stored: UrlIdentity, current: UrlIdentity, ageMs: number): StaleCheckResult {
  if (stored.origin !== current.origin || stored.pathname !== current.pathname) {
    return { stale: true, reason: 'path-changed' };
  }
  if (stored.meaningfulParams !== current.meaningfulParams) return { stale: true, reason: 'params-changed' };
  if (ageMs > MATCHING_CONFIG.STALE_AFTER_MS) return { stale: true, reason: 'expired' };
  return { stale: false };
}
