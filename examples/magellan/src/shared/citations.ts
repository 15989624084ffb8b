// Seed 004, "Citation Extraction": the element ids an answer cites — bracketed or not, in order of first
// appearance, once each, only those the page has, at most `limit`. Its Python twin is
// reference/magellan_reference/citations.py (the authority); `xtk conform` proves they agree.

const ID_IN_ANSWER = /(?<![A-Za-z0-9_-])mgl-node-(?:0|[1-9][0-9]*)(?![A-Za-z0-9_-])/g;

export function citedIds(answer: string, knownIds: readonly string[], limit: number): string[] {
  const known = new Set(knownIds);
  const cited: string[] = [];
  for (const match of answer.matchAll(ID_IN_ANSWER)) {
    if (cited.length >= limit) break;
    const id = match[0];
    if (known.has(id) && !cited.includes(id)) cited.push(id);
  }
  return cited;
}

/** The answer as the chat shows it: without its bracketed id lists (the citations are listed under it). */
export function withoutIds(answer: string): string {
  return answer.replace(/\s*\[\s*mgl-node-[0-9]+(?:\s*,\s*mgl-node-[0-9]+)*\s*\]/g, '').trim();
}
