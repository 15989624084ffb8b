// The seed's vector store (§2.1, §5 Phase 3: Orama, hybrid search, persisted in IndexedDB): one Orama database per
// page, its chunks' text and embeddings; searched in Orama's hybrid mode (full-text and vector, fused). The database
// is saved to IndexedDB (`ChunkerVectors`, one record per URL) with the digest of the chunks and the model it was
// built from, and restored from there when the popup opens on the same chunks again: the chunks are not embedded
// twice, across popups, reloads and restarts.
import { create, insertMultiple, load, save, search, type AnyOrama } from '@orama/orama';
import { persistenceRecord } from '../shared/persistence';
import type { Chunk, EmbeddingModel, SearchHit } from '../shared/protocol';
import { embed } from './embedder';
import { keep, stored } from './vector-db';

/** the seed's minimum similarity for a vector hit */
const MIN_SIMILARITY = 0.3;

/** The SHA-256 (hex) of the chunks' and model's record (shared/persistence.ts): the saved database's key. */
async function digest(chunks: Chunk[], model: EmbeddingModel): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(persistenceRecord(chunks, model)));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a chunk is embedded and searched as: its headings, then its text (seed §4.1 `text`). */
function searchable(chunk: Chunk): string {
  return [...chunk.headingPath, chunk.rawText].join('\n');
}

function schema(dimensions: number) {
  return { text: 'string', embedding: `vector[${dimensions}]` } as const;
}

export class VectorStore {
  private constructor(
    private readonly db: AnyOrama,
    private readonly model: EmbeddingModel,
    readonly origin: 'restored' | 'embedded',
  ) {}

  /** The page's store: restored from IndexedDB when these chunks were embedded with this model before, else built. */
  static async open(url: string, chunks: Chunk[], model: EmbeddingModel): Promise<VectorStore> {
    const key = await digest(chunks, model);
    const saved = await stored(url).catch(() => undefined);
    if (saved !== undefined && saved.key === key) {
      const db = create({ schema: schema(saved.dimensions) });
      load(db, saved.raw);
      return new VectorStore(db, model, 'restored');
    }
    const vectors = await embed(model, chunks.map(searchable));
    const dimensions = vectors[0]?.length ?? 1;
    const db = create({ schema: schema(dimensions) });
    await insertMultiple(db, chunks.map((chunk, n) => ({ id: chunk.id, text: searchable(chunk), embedding: vectors[n] ?? [] })));
    await keep({ url, key, dimensions, raw: save(db) });
    return new VectorStore(db, model, 'embedded');
  }

  /** Orama's hybrid search: the query's words and its embedding; scores scaled so the best hit is 1. */
  async search(query: string, limit: number): Promise<SearchHit[]> {
    const [vector] = await embed(this.model, [query]);
    const found = await search(this.db, {
      mode: 'hybrid',
      term: query,
      vector: { value: vector ?? [], property: 'embedding' },
      similarity: MIN_SIMILARITY,
      limit,
    });
    const best = found.hits[0]?.score ?? 1;
    return found.hits.map((hit) => ({ chunkId: hit.id, score: Math.round((hit.score / (best || 1)) * 1000) / 1000 }));
  }
}
