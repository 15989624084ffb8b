// WXT baseline for benchmarks/build_speed.py: WXT builds DocMind's own sources (../../extension_src, never a
// copy) for Chrome, Edge (MV3) and Firefox (MV2), with the manifest DocMind's xtk.toml describes.
//
// build_speed.py copies this project to benchmarks/.work/wxt/, installs the locked packages there and links
// `<root>/docmind` → the repository's extension_src/. Everything of DocMind is reached through that link, so
// every path stays inside WXT's root: Vite names an HTML page by its path relative to the root, and a page
// outside it (`../../extension_src/...`) would be an invalid output name. `resolve.preserveSymlinks` keeps
// Vite from resolving the link back out of the root.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';

const root = dirname(fileURLToPath(import.meta.url));
const docmind = resolve(root, 'docmind');
if (!existsSync(resolve(docmind, 'src/popup/index.html'))) {
  throw new Error(`${docmind} must link to the repository's extension_src/ (benchmarks/build_speed.py makes it)`);
}
const icons = {
  16: 'icons/icon-16.png',
  32: 'icons/icon-32.png',
  48: 'icons/icon-48.png',
  128: 'icons/icon-128.png',
};

export default defineConfig({
  alias: { '@docmind': docmind },
  publicDir: resolve(docmind, 'public'), // icons/icon-*.png at the root of each build, as xtk copies them
  hooks: {
    // DocMind's popup page itself (its markup, its <script type="module"> and its stylesheet), not a copy:
    // WXT looks for pages only in entrypoints/, so the page is added to the entrypoints WXT found there.
    'entrypoints:found': (_wxt, entrypoints) => {
      entrypoints.push({ name: 'popup', inputPath: resolve(docmind, 'src/popup/index.html'), type: 'popup' });
    },
    // WXT titles the action after the popup's <title> and drops its icons in MV2; DocMind's manifest has both.
    'build:manifestGenerated': (_wxt, manifest) => {
      const action = manifest.manifest_version === 2 ? manifest.browser_action : manifest.action;
      if (action) Object.assign(action, { default_title: 'Ask DocMind', default_icon: icons });
    },
  },
  vite: (env) => ({
    resolve: { preserveSymlinks: true },
    // The same syntax targets as xtk's esbuild runs (chrome116 / edge116 / firefox142). Vite minifies
    // production builds by default (esbuild), as xtk's default production mode does.
    build: { target: env.browser === 'firefox' ? 'firefox142' : `${env.browser}116` },
  }),
  manifest: ({ browser }) => ({
    name: 'DocMind',
    version: '2.2.0',
    description: 'Ask about the page you are reading: answers come only from the page, with its sources highlighted.',
    icons,
    action: { default_title: 'Ask DocMind', default_icon: icons },
    permissions: ['activeTab', 'contextMenus'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'docmind@example.com',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['websiteContent', 'browsingActivity'] },
            },
          },
        }
      : { minimum_chrome_version: '116' }),
  }),
});
