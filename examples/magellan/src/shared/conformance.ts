// What `xtk conform` checks against specs/golden/: each golden function's name → the runtime function.
import { citedIds } from './citations';
import { extractElements, extractionDigest } from './extraction';

export const conformance = { extractElements, extractionDigest, citedIds };
