// The seed's regex intent classifier (lib/rag/QueryIntentClassifier.ts) and its intent-based retrieval settings
// (RAGController, "Intent-Based Configuration"). Python twin: reference/recall_reference/intent.py.

export type IntentType = 'factual' | 'comparison' | 'howto' | 'navigation' | 'general';
type PatternIntent = Exclude<IntentType, 'general'>;

export interface QueryIntent {
  type: IntentType;
  /** (max / total) * 0.7 + min(max / 2, 1) * 0.3; 0 when no pattern matches. */
  confidence: number;
  scores: Record<PatternIntent, number>;
}

const INTENTS: PatternIntent[] = ['factual', 'comparison', 'howto', 'navigation'];

/** The seed's patterns (all case-insensitive; the comparison typo fixed: specs/recall.md), with our weights. */
const PATTERNS: Record<PatternIntent, [RegExp, number][]> = {
  factual: [
    [/^what\s+(is|are|was|were|does|do)/i, 1.0],
    [/^who\s+(is|are|was|were|made)/i, 1.0],
    [/^when\s+(did|was|were)/i, 0.9],
    [/^define\s+/i, 0.9],
    [/^explain\s+/i, 0.7],
    [/^describe\s+/i, 0.7],
  ],
  comparison: [
    [/\b(compare|comparison|versus|vs\.?)\b/i, 1.0],
    [/\b(difference|differ)s?\s+between\b/i, 1.0],
    [/\bwhich\s+is\s+(better|best|worse|worst)/i, 0.9],
    [/\bpros?\s+and\s+cons?\b/i, 0.9],
  ],
  howto: [
    [/^how\s+(to|do\s+i|can\s+i)/i, 1.0],
    [/\b(tutorial|guide|walkthrough|instructions?)\b/i, 0.8],
    [/\b(setup|configure|install|implement)\b/i, 0.6],
  ],
  navigation: [
    [/\b(find|show\s+me)\s+(that|the)?\s*(page|site|website|article)/i, 1.0],
    [/\bwhere\s+(did\s+i|can\s+i\s+find)\s+(see|read|visit)/i, 0.9],
    [/\b(yesterday|last\s+week|recently|earlier).*\b(saw|read|visited)\b/i, 0.8],
  ],
};

export function classifyIntent(query: string): QueryIntent {
  const scores = { factual: 0, comparison: 0, howto: 0, navigation: 0 };
  for (const intent of INTENTS) {
    for (const [pattern, weight] of PATTERNS[intent]) {
      if (pattern.test(query)) scores[intent] += weight;
    }
  }
  let total = 0;
  for (const intent of INTENTS) total += scores[intent];
  if (total === 0) return { type: 'general', confidence: 0, scores };
  let best: PatternIntent = 'factual';
  for (const intent of INTENTS) if (scores[intent] > scores[best]) best = intent;
  const top = scores[best];
  return { type: best, confidence: (top / total) * 0.7 + Math.min(top / 2.0, 1.0) * 0.3, scores };
}

/** The seed's regex threshold: at or above it the regex result stands; below it the seed asks the LLM. */
export const INTENT_CONFIDENCE_THRESHOLD = 0.7;

export interface IntentSettings {
  topK: number;
  passagesPerPage: number;
  maxContextLength: number;
}

/** RAGController's intent-based configuration (seed: "Intent-Based Configuration"). */
export const INTENT_SETTINGS: Record<IntentType, IntentSettings> = {
  factual: { topK: 3, passagesPerPage: 2, maxContextLength: 3000 },
  comparison: { topK: 4, passagesPerPage: 2, maxContextLength: 4000 },
  howto: { topK: 4, passagesPerPage: 2, maxContextLength: 3500 },
  navigation: { topK: 3, passagesPerPage: 1, maxContextLength: 2000 },
  general: { topK: 3, passagesPerPage: 2, maxContextLength: 3000 },
};
