// EmbeddingService (seed: "On-Device ML"): passage and query embeddings with Transformers.js, whose ONNX runtime runs
// as WebAssembly in the page that imports this module (Chrome and Edge: the offscreen document, since a service
// worker cannot import the runtime's module; Firefox: the background page). The runtime's .wasm file is packaged
// with the extension (imported as an asset URL): nothing is fetched from a CDN, and the seed's CSP
// ('wasm-unsafe-eval') lets extension pages compile it. The model is a setting (EmbeddingModel): the seed's
// all-MiniLM-L6-v2 by default, downloaded from the Hugging Face Hub on first use and kept in the browser's cache; a
// model packaged under models/<id>/ is loaded from the extension first.
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { runtimeUrl } from './browser';
import type { EmbeddingModel } from './protocol';

let loaded: { key: string; extractor: Promise<FeatureExtractionPipeline> } | undefined;

function configure(model: EmbeddingModel): void {
  env.allowLocalModels = true;
  env.localModelPath = runtimeUrl('models/');
  env.allowRemoteModels = model.allowRemote;
  // The Cache API caches downloaded models in Chrome's extension pages; a packaged model needs no cache.
  env.useBrowserCache = model.allowRemote && typeof caches !== 'undefined';
  env.useWasmCache = false; // its factory would be imported from a blob: URL, which the extension CSP refuses
  const wasm = env.backends.onnx.wasm;
  if (wasm !== undefined) {
    wasm.wasmPaths = { wasm: runtimeUrl(ortWasm) };
    wasm.numThreads = 1; // threads need cross-origin isolation, which extension pages do not have
    wasm.proxy = false;
  }
}

function extractor(model: EmbeddingModel): Promise<FeatureExtractionPipeline> {
  const key = JSON.stringify(model);
  if (loaded?.key !== key) {
    configure(model);
    const loading = pipeline('feature-extraction', model.id, { dtype: model.dtype, device: 'wasm' });
    loaded = { key, extractor: loading };
    loading.catch(() => {
      if (loaded?.extractor === loading) loaded = undefined; // a failed load is tried again next time
    });
  }
  return loaded.extractor;
}

/** One normalized embedding per text (mean pooling over the tokens, unit length), as plain arrays. */
export async function embed(model: EmbeddingModel, texts: string[]): Promise<number[][]> {
  if (texts.length === 0) return [];
  const run = await extractor(model);
  const output = await run(texts, { pooling: 'mean', normalize: true });
  return output.tolist() as number[][];
}
