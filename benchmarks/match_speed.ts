// The in-engine half of benchmarks/match_speed.py: the same code times both matchers in Node and in a Chromium
// page. Bundled by the script with esbuild (IIFE, global `MatchBench`); never part of the extension.
//
// `run(dataJson, options)` parses the page (segments) and citations from one JSON text, then, interleaved:
// the runtime's matchCitations (DocMind's own module, extension_src/src/shared/matching.ts) with its token index
// built beforehand, and the literal port of the seed (./literal/matcher.ts). Both get a clock that never expires.
import { matchCitations, prepareSegments, type MatchableSegment } from '../extension_src/src/shared/matching';
import * as literal from './literal/matcher';

interface Data {
  segments: string[];
  citations: { id: string; text: string }[];
}

interface Options {
  runs: number; // timed runtime calls
  literalRuns: number; // timed literal calls
  buildRuns: number; // timed token-index builds
  warmup: number; // untimed runtime calls first (the literal gets one)
}

export interface Comparable {
  citationId: string;
  status: string;
  confidence: number;
  segmentIndex: number | null;
  skipReason: string | null;
}

const NEVER = (): number => 0; // a clock that never expires: both matchers do all the work

export function run(dataJson: string, options: Options) {
  const data = JSON.parse(dataJson) as Data;
  const fresh = (): MatchableSegment[] => data.segments.map((normalizedText) => ({ normalizedText, type: 'prose' }));
  const segments = fresh();
  const index: literal.PageIndex = {
    segments: data.segments.map((normalizedText) => ({
      text: normalizedText,
      normalizedText,
      type: 'prose',
      nodePath: [],
      textOffset: 0,
    })),
  };
  const position = new Map(index.segments.map((segment, i) => [segment, i]));
  literal.setClock(NEVER);

  // The first matchCitations on a page whose index was not prepared: index build + matching.
  let t0 = performance.now();
  matchCitations(data.citations, segments, NEVER);
  const cold = performance.now() - t0;

  for (let i = 0; i < options.warmup; i++) matchCitations(data.citations, segments, NEVER);
  literal.matchCitations(data.citations, index);

  const runtime: number[] = [];
  const slow: number[] = [];
  const perLiteral = Math.max(1, Math.ceil(options.runs / Math.max(1, options.literalRuns)));
  while (runtime.length < options.runs || slow.length < options.literalRuns) {
    if (slow.length < options.literalRuns) {
      t0 = performance.now();
      literal.matchCitations(data.citations, index);
      slow.push(performance.now() - t0);
    }
    for (let i = 0; i < perLiteral && runtime.length < options.runs; i++) {
      t0 = performance.now();
      matchCitations(data.citations, segments, NEVER);
      runtime.push(performance.now() - t0);
    }
  }

  // The one-time cost per page index: the runtime's token index, on a fresh array each time (timed last, so that
  // the garbage of these builds cannot land in the timed matching runs).
  const build: number[] = [];
  for (let i = 0; i < options.buildRuns; i++) {
    const copy = fresh();
    t0 = performance.now();
    prepareSegments(copy);
    build.push(performance.now() - t0);
  }

  const ours: Comparable[] = matchCitations(data.citations, segments, NEVER).map((r) => ({
    citationId: r.citationId,
    status: r.status,
    confidence: r.confidence,
    segmentIndex: r.segmentIndex,
    skipReason: r.skipReason ?? null,
  }));
  const theirs: Comparable[] = literal.matchCitations(data.citations, index).map((r) => ({
    citationId: r.citationId,
    status: r.status,
    confidence: r.confidence,
    segmentIndex: r.segment ? position.get(r.segment) ?? -1 : null,
    skipReason: r.skipReason ?? null,
  }));
  return { runtime, literal: slow, build, cold, results: { runtime: ours, literal: theirs } };
}
