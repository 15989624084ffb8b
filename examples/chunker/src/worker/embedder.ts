// Embeddings in the Web Worker (seed §2.1: "Transformers.js … in a Web Worker"): Transformers.js, whose ONNX runtime
// runs as WebAssembly here. The runtime's .wasm is packaged with the extension (imported as an asset URL): nothing
// is fetched from a CDN, and the extension CSP's 'wasm-unsafe-eval' lets the worker compile it. A worker has no
// extension API: the extension's files are addressed from the worker's own URL.
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { EmbeddingModel } from '../shared/protocol';

let loaded: { key: string; extractor: Promise<FeatureExtractionPipeline> } | undefined;

/** A file of the extension, from this worker (worker/index.js) */
function packaged(path: string): string {
  return new URL(`/${path.replace(/^\/+/, '')}`, self.location.href).href;
}

function configure(model: EmbeddingModel): void {
  env.allowLocalModels = true;
  env.localModelPath = packaged('models/');
  env.allowRemoteModels = model.allowRemote;
  env.useBrowserCache = model.allowRemote && typeof caches !== 'undefined';
  env.useWasmCache = false; // its factory would be imported from a blob: URL, which the extension CSP refuses
  const wasm = env.backends.onnx.wasm;
  if (wasm !== undefined) {
    wasm.wasmPaths = { wasm: packaged(ortWasm) };
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

/** One normalized embedding per text (mean pooling, unit length), in batches of 32. */
export async function embed(model: EmbeddingModel, texts: string[]): Promise<number[][]> {
  const run = await extractor(model);
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += 32) {
    const output = await run(texts.slice(start, start + 32), { pooling: 'mean', normalize: true });
    vectors.push(...(output.tolist() as number[][]));
  }
  return vectors;
}
