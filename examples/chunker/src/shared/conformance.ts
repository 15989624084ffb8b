// What `xtk conform` checks against golden/: each golden function's name → the runtime function.
import { chunkTree, chunkTreeDigest } from './chunker';

export const conformance = { chunkTree, chunkTreeDigest };
