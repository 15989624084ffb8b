// The seed's text processing (lib/utils/textProcessing.ts): tokenizer and Porter stemmer. Its Python twin,
// reference/recall_reference/text.py, is the authority; golden vectors (specs/golden) prove they agree.
import { porterStem } from './porter';

/** The seed names STOP_WORDS without listing them: the common English function words (specs/recall.md). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but
by can could did do does doing down during each few for from further had has have having he her here hers herself
him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or
other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very was we were what when where which while who whom why
will with would you your yours yourself yourselves`.split(/\s+/),
);

/** Every lower-cased ASCII run of letters and digits, stop words included (the phrase bonus reads these). */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0);
}

/** The seed's tokenizer: lower-cased runs of [a-z0-9], stop words removed, in text order (repeats kept). */
export function tokenize(text: string): string[] {
  return words(text).filter((word) => !STOP_WORDS.has(word));
}

/** Porter's stem of one token (porter.ts: Porter's own C release; two letters or fewer unchanged). */
export function stem(word: string): string {
  return porterStem(word);
}

/** The search terms of a text: its tokens' stems, in order. */
export function terms(text: string): string[] {
  return tokenize(text).map(stem);
}
