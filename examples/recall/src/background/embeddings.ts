// The embedding path as the background sees it: the model setting (kept in storage.local), and whether the model has
// loaded. A model that never loaded (no network for the default download, a packaged model missing) leaves pages
// stored without embeddings and every search saying so; once it has loaded, a failed embedding fails the page, which
// the queue retries (the seed: passage embeddings are required).
import { localGet, localSet } from '../shared/browser';
import { DEFAULT_EMBEDDING_MODEL } from '../shared/config';
import { isUiToBackground, type EmbeddingModel, type Settings } from '../shared/protocol';
import { embedTexts } from './offscreen-manager';

const SETTING = 'embeddingModel';

let state: Settings['embeddings'] = 'not-loaded';
let lastError: string | undefined;

export async function embeddingModel(): Promise<EmbeddingModel> {
  const stored = await localGet(SETTING);
  // validated as the message that sets it is (storage is not trusted more than a message)
  const valid = isUiToBackground({ type: 'SET_EMBEDDING_MODEL', model: stored });
  return valid ? (stored as EmbeddingModel) : { ...DEFAULT_EMBEDDING_MODEL };
}

export async function setEmbeddingModel(model: EmbeddingModel): Promise<void> {
  await localSet(SETTING, model);
  state = 'not-loaded';
  lastError = undefined;
}

export async function settings(): Promise<Settings> {
  const model = await embeddingModel();
  return lastError === undefined
    ? { type: 'SETTINGS', model, embeddings: state }
    : { type: 'SETTINGS', model, embeddings: state, error: lastError.slice(0, 2000) };
}

/** Why semantic search cannot run now, or undefined when it may. */
export function embeddingsUnavailable(): string | undefined {
  return state === 'unavailable' ? lastError ?? 'the embedding model did not load' : undefined;
}

/**
 * Embeddings of `texts`, or null when the model is unavailable (it never loaded: the caller goes on without). A
 * failure after the model has worked is thrown.
 */
export async function tryEmbed(texts: string[]): Promise<Float32Array[] | null> {
  if (texts.length === 0) return [];
  const model = await embeddingModel();
  try {
    const vectors = await embedTexts(model, texts);
    state = 'ready';
    lastError = undefined;
    return vectors.map((vector) => Float32Array.from(vector));
  } catch (error) {
    if (state === 'ready') throw error;
    state = 'unavailable';
    lastError = `the embedding model ${model.id} could not be loaded: ${String(error)}`;
    return null;
  }
}
