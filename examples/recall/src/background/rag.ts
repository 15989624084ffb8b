// RAGController (seed: "RAG Components"). Intent by the seed's hybrid classifier (its regex patterns; Chrome's Prompt
// API when they are unsure and the API is there); passages retrieved by the cosine similarity of their embeddings to
// the question's (at least 0.3), or by keyword score when the embedding model could not be loaded, combined with
// quality and under the seed's diversity limits; the context built as the seed builds it. The answer: Chrome's Prompt
// API (Gemini Nano) with the seed's intent-specific prompt where it is available; elsewhere extractive — the best
// passages, each cited as [Source N], as the model is told to cite — and it says why.
import { classifyIntent, INTENT_SETTINGS } from '../shared/intent';
import { answerPrompt, classificationPrompt, parseIntent } from '../shared/prompt-api';
import type { RagAnswer } from '../shared/protocol';
import { SEARCH_CONFIG } from '../shared/config';
import { cosineSimilarity, hostLabels, keywordSearch } from '../shared/search';
import { terms } from '../shared/text';
import type { PageRecord } from './store';

const QUALITY_WEIGHT = 0.3;
/** the seed's IntentClassificationService: below this regex confidence, the Prompt API classifies */
const LLM_THRESHOLD = 0.7;
const MAX_PAGES_PER_DOMAIN = 3;

interface Candidate {
  page: PageRecord;
  text: string;
  combinedScore: number;
}

/** Each passage's similarity to the question: cosine of the embeddings (the seed), or without a question embedding
 * the keyword score relative to the best passage's. */
function similarities(question: string, questionVector: number[] | null, records: PageRecord[]): Candidate[] {
  const passages = records.flatMap((page) =>
    page.passages.map((passage, n) => ({ page, passage, vector: page.passageEmbeddings?.[n] })));
  const combined = (similarity: number, quality: number): number =>
    similarity * (1 - QUALITY_WEIGHT) + quality * QUALITY_WEIGHT;
  if (questionVector !== null) {
    return passages.flatMap(({ page, passage, vector }) => {
      if (vector === undefined) return [];
      const similarity = cosineSimilarity(questionVector, Array.from(new Float32Array(vector)));
      if (similarity < SEARCH_CONFIG.DEFAULT_MIN_SIMILARITY) return [];
      return [{ page, text: passage.text, combinedScore: combined(similarity, passage.qualityScore) }];
    });
  }
  const hits = keywordSearch(question, passages.map(({ page, passage }, n) => ({
    id: String(n), url: page.url, title: page.title, summary: '', passages: [], content: passage.text,
  })), passages.length);
  const best = hits[0]?.score ?? 0;
  return hits.flatMap((hit) => {
    const found = passages[Number(hit.id)];
    if (found === undefined || best === 0) return [];
    return [{ page: found.page, text: found.passage.text, combinedScore: combined(hit.score / best, found.passage.qualityScore) }];
  });
}

function retrieve(
  question: string,
  questionVector: number[] | null,
  records: PageRecord[],
  topK: number,
  perPage: number,
): Candidate[] {
  const candidates = similarities(question, questionVector, records);
  candidates.sort((a, b) => b.combinedScore - a.combinedScore);
  const perPageCount = new Map<string, number>();
  const pagesPerDomain = new Map<string, Set<string>>();
  const selected: Candidate[] = [];
  for (const candidate of candidates) {
    if (selected.length >= topK) break;
    const domain = hostLabels(candidate.page.url).join('.');
    const domainPages = pagesPerDomain.get(domain) ?? new Set<string>();
    if (!domainPages.has(candidate.page.id) && domainPages.size >= MAX_PAGES_PER_DOMAIN) continue;
    if ((perPageCount.get(candidate.page.id) ?? 0) >= perPage) continue;
    perPageCount.set(candidate.page.id, (perPageCount.get(candidate.page.id) ?? 0) + 1);
    domainPages.add(candidate.page.id);
    pagesPerDomain.set(domain, domainPages);
    selected.push(candidate);
  }
  return selected;
}

/** The passage's sentence holding most of the question's terms (the first of equals): the extractive answer's line. */
function bestSentence(passage: string, questionTerms: Set<string>): string {
  const sentences = passage.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 0);
  let best = sentences[0] ?? passage;
  let bestCount = -1;
  for (const sentence of sentences) {
    const count = new Set(terms(sentence).filter((term) => questionTerms.has(term))).size;
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return best;
}

/** The Prompt API as the RAG flow uses it: available (how to prompt it; `streamed` when the answer's pieces go to the
 * page that asked as they are written), or why not. */
export type LanguageModelAccess =
  | { prompt: (text: string, streamed?: boolean) => Promise<string> }
  | { unavailable: string };

/** The seed's hybrid intent classification: the regex result when confident (≥ 0.7) or when the Prompt API is
 * unavailable or gives no intent; else the model's. */
async function intentOf(question: string, model: LanguageModelAccess): Promise<RagAnswer['result']['intent']> {
  const classified = classifyIntent(question);
  const regex = { type: classified.type, confidence: classified.confidence, method: 'regex' } as const;
  if (classified.confidence >= LLM_THRESHOLD || 'unavailable' in model) return regex;
  try {
    const type = parseIntent(await model.prompt(classificationPrompt(question)));
    return type === null ? regex : { type, confidence: 1, method: 'llm' };
  } catch {
    return regex;
  }
}

function contextOf(sources: RagAnswer['result']['sources']): string {
  return sources.map((source) => `[Source ${source.n}] ${source.title} (${source.url})\n${source.passages.join('\n')}`)
    .join('\n\n');
}

export async function answerQuestion(
  question: string,
  questionVector: number[] | null,
  records: PageRecord[],
  options: { topK?: number; maxContextLength?: number },
  model: LanguageModelAccess,
  clock: () => number,
): Promise<RagAnswer> {
  const started = clock();
  const intent = await intentOf(question, model);
  const settings = INTENT_SETTINGS[intent.type];
  const selected = retrieve(question, questionVector, records, options.topK ?? settings.topK, settings.passagesPerPage);
  const searched = clock();

  // Sources in order of their best passage; each passage cut so the whole context fits maxContextLength.
  let budget = options.maxContextLength ?? settings.maxContextLength;
  const sources: RagAnswer['result']['sources'] = [];
  for (const candidate of selected) {
    const text = candidate.text.slice(0, Math.max(0, budget));
    if (text.length === 0) break;
    budget -= text.length;
    let source = sources.find((s) => s.id === candidate.page.id);
    if (source === undefined) {
      source = { n: sources.length + 1, id: candidate.page.id, url: candidate.page.url, title: candidate.page.title, passages: [] };
      sources.push(source);
    }
    source.passages.push(text);
  }
  let answer: string;
  let generator: RagAnswer['result']['generator'] = 'extractive';
  if (sources.length === 0) {
    answer = 'No page in your history matches this question.';
  } else if ('prompt' in model) {
    // the model's failure is the answer's: said, not replaced by the extractive one
    answer = await model.prompt(answerPrompt(question, contextOf(sources), intent.type), true);
    generator = 'prompt-api';
  } else {
    answer = `Chrome's on-device model cannot answer here (${model.unavailable}), so Recall shows the passages `
      + 'that best match your question:\n\n'
      + sources.map((source) => `[Source ${source.n}] ${bestSentence(source.passages[0] ?? '', new Set(terms(question)))}`)
        .join('\n\n');
  }
  const finished = clock();
  return {
    type: 'RAG_ANSWER',
    success: true,
    result: {
      answer: answer.slice(0, 20_000),
      intent,
      sources,
      processingTime: finished - started,
      searchTime: searched - started,
      generationTime: finished - searched,
      generator,
    },
  };
}
