// Settings the popup and the options page share.
import { storedValue } from './browser';
import { isPopupToWorker, type EmbeddingModel } from './protocol';

/** The seed's embedding model (all-MiniLM-L6-v2, 384 dimensions), downloaded from the Hugging Face Hub on first use. */
export const DEFAULT_EMBEDDING_MODEL: EmbeddingModel = { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: true };
/** the storage.local key of the model setting (the options page writes it) */
export const MODEL_SETTING = 'embeddingModel';

/**
 * The model setting: null when semantic search is turned off (keyword search alone), the seed's model when nothing
 * valid is stored. Validated as the message that carries it is (storage is trusted no more than a message).
 */
export async function embeddingModel(): Promise<EmbeddingModel | null> {
  const stored = await storedValue(MODEL_SETTING);
  if (stored === null) return null;
  const valid = isPopupToWorker({ type: 'INDEX_CHUNKS', url: 'about:blank', chunks: [], model: stored });
  return valid ? (stored as EmbeddingModel) : { ...DEFAULT_EMBEDDING_MODEL };
}
