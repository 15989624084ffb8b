// The offline answerer: the example's stand-in for the seed's AI query (Gemini cannot be reached offline here).
// It answers as the seed's prompt asks the model to — from the page's content only, citing up to `limit` element
// ids in square brackets — by picking the elements that share the most words with the query. Its answer then goes
// through the same citation parsing a model's answer would (parseCitations, on shared/citations.ts).
import { citedIds } from '../shared/citations';
import type { CitedSentence, IdentifiedElement } from '../shared/protocol';

export const NUM_CITATIONS = 3;
const MIN_TERM_LENGTH = 3;
const STOP_WORDS = new Set(['the', 'and', 'for', 'are', 'was', 'what', 'who', 'how', 'why', 'does', 'did', 'this',
  'that', 'with', 'from', 'about', 'page', 'say', 'says', 'tell', 'which', 'when', 'where', 'there', 'their']);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function queryTerms(query: string): Set<string> {
  return new Set(words(query).filter((word) => word.length >= MIN_TERM_LENGTH && !STOP_WORDS.has(word)));
}

function firstSentence(text: string): string {
  const sentence = /^.*?[.!?](?=\s|$)/u.exec(text)?.[0] ?? text;
  return sentence.length > 240 ? `${sentence.slice(0, 239)}…` : sentence;
}

/** An answer in the model's format: prose with the cited ids in square brackets after what they support. */
export function answerOffline(query: string, elements: readonly IdentifiedElement[], limit = NUM_CITATIONS): string {
  const terms = queryTerms(query);
  const scored = elements
    .map((element, index) => {
      const present = new Set(words(element.text));
      return { element, index, score: [...terms].filter((term) => present.has(term)).length };
    })
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .sort((a, b) => a.index - b.index);
  if (scored.length === 0) return 'The page does not seem to say anything about that.';
  return `From the page: ${scored.map(({ element }) => `${firstSentence(element.text)} [${element.id}]`).join(' ')}`;
}

/** The cited elements (seed 004, "Citation Extraction": citedIds), with their text. */
export function parseCitations(answer: string, elements: readonly IdentifiedElement[], limit = NUM_CITATIONS): CitedSentence[] {
  const byId = new Map(elements.map((element) => [element.id, element]));
  return citedIds(answer, [...byId.keys()], limit).flatMap((id) => {
    const element = byId.get(id);
    return element === undefined ? [] : [{ id: element.id, text: element.text }];
  });
}
