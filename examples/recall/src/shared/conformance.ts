// What `xtk conform` checks against specs/golden/: each golden function's name → the runtime function.
import { classifyIntent } from './intent';
import { keywordSearch, reciprocalRankFusion, semanticSearch } from './search';
import { stem, tokenize } from './text';

export const conformance = { tokenize, stem, keywordSearch, reciprocalRankFusion, semanticSearch, classifyIntent };
