// The key a page's saved Orama database is kept under (worker/vector-store.ts): what the vectors were computed
// from, as one string — the model (its id and weights) and, per chunk, its id, heading path and text. The key is
// the SHA-256 of this string's UTF-8; a database whose key differs from the page's chunks' now is built again.
// The Python reference (reference/chunker_reference/persistence.py) computes the same string: golden/persistenceRecord.json.
import type { Chunk, EmbeddingModel } from './protocol';

/** What the key is the digest of. JSON (no spaces; a lone surrogate written `\udxxx`, as JSON.stringify does). */
export function persistenceRecord(
  chunks: readonly Pick<Chunk, 'id' | 'headingPath' | 'rawText'>[],
  model: Pick<EmbeddingModel, 'id' | 'dtype'>,
): string {
  return JSON.stringify([[model.id, model.dtype], chunks.map((chunk) => [chunk.id, chunk.headingPath, chunk.rawText])]);
}
