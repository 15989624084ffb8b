// WXT baseline for benchmarks/build_speed.py: DocMind's own content script on <all_urls>, run at
// document_idle, as DocMind's xtk.toml declares it (see background.ts for why the import is side-effect only).
import '@docmind/src/content/index';
import { defineContentScript } from 'wxt/utils/define-content-script';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main() {},
});
