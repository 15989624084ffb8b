// Keyword search over a page's chunks: what runs where the seed embeds with Transformers.js (which needs a model
// download, impossible offline). BM25 over each chunk's text, its heading path counted twice (seed §7.6: headings
// say what a section is about), scores scaled so the best hit is 1.
import type { Chunk, SearchHit } from '../shared/protocol';

const K1 = 1.2;
const B = 0.75;
const HEADING_WEIGHT = 2;
/** Words that carry no topic ("what are the benefits" searches for "benefits", seed §7.6 query understanding). */
const STOP_WORDS = new Set(
  ('a an and are as at be by can do does for from how i in is it me of on or our show tell that the their there ' +
    'these this to us was we what when where which who why will with you your about any all').split(' '),
);

/** Lower-cased letter-and-digit runs, without stop words; a plural's final "s" dropped (benefits → benefit). */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    let word = match[0];
    if (STOP_WORDS.has(word)) continue;
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
    found.push(word);
  }
  return found;
}

interface Document {
  id: string;
  frequencies: Map<string, number>;
  length: number;
}

export class KeywordIndex {
  private readonly documents: Document[] = [];
  private readonly documentFrequency = new Map<string, number>();
  private averageLength = 0;

  constructor(chunks: Chunk[]) {
    for (const chunk of chunks) {
      const frequencies = new Map<string, number>();
      const add = (word: string, weight: number): void => {
        frequencies.set(word, (frequencies.get(word) ?? 0) + weight);
      };
      for (const word of terms(chunk.rawText)) add(word, 1);
      for (const word of terms(chunk.headingPath.join(' '))) add(word, HEADING_WEIGHT);
      let length = 0;
      for (const [word, count] of frequencies) {
        length += count;
        this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
      }
      this.documents.push({ id: chunk.id, frequencies, length });
    }
    const total = this.documents.reduce((sum, d) => sum + d.length, 0);
    this.averageLength = this.documents.length > 0 ? total / this.documents.length : 0;
  }

  get size(): number {
    return this.documents.length;
  }

  get vocabulary(): number {
    return this.documentFrequency.size;
  }

  /** The `limit` best chunks for the query, best first (ties in page order); none when no word matches. */
  search(query: string, limit: number): SearchHit[] {
    const wanted = [...new Set(terms(query))];
    const n = this.documents.length;
    const scored: { id: string; score: number; order: number }[] = [];
    this.documents.forEach((document, order) => {
      let score = 0;
      for (const word of wanted) {
        const frequency = document.frequencies.get(word);
        if (!frequency) continue;
        const df = this.documentFrequency.get(word) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const norm = K1 * (1 - B + (B * document.length) / (this.averageLength || 1));
        score += (idf * frequency * (K1 + 1)) / (frequency + norm);
      }
      if (score > 0) scored.push({ id: document.id, score, order });
    });
    scored.sort((a, b) => b.score - a.score || a.order - b.order);
    const best = scored[0]?.score ?? 1;
    return scored.slice(0, limit).map(({ id, score }) => ({ chunkId: id, score: Math.round((score / best) * 1000) / 1000 }));
  }
}
