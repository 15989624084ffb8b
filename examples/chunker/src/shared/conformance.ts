// What `xtk conform` checks against golden/: each golden function's name → the runtime function.
import { chunkTree, chunkTreeDigest } from './chunker';
import { persistenceRecord } from './persistence';

export const conformance = { chunkTree, chunkTreeDigest, persistenceRecord };
