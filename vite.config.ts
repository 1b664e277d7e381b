import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import wasm from 'vite-plugin-wasm';

import { CHART_CACHE, CHART_ROUTE } from './src/lib/offline-cache-names.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@/': fromRoot('./src/'),
  '@contract/': fromRoot('./contract/'),
  '@equity-wasm': fromRoot('./crates/equity-wasm/pkg/equity_wasm.js'),
  // The package's other files: the .wasm and the preflop table, imported with ?url as content-hashed assets.
  '@equity-wasm-pkg/': fromRoot('./crates/equity-wasm/pkg/'),
};

const apiPort = Number(process.env.API_PORT ?? 3001);

/** The scalar engine build's asset (Vite adds a content hash to the package's file name). */
const SCALAR_WASM_ASSET = 'equity_wasm_bg-*.wasm';
const SCALAR_WASM_ROUTE = /\/assets\/equity_wasm_bg-[^/]+\.wasm$/;

/**
 * The service worker: the app shell, every hashed asset (JS, CSS, the wasm engine, workers and
 * any other file under /assets), icons and fonts are precached, so the range tool starts without a connection.
 * The user's charts are fetched network first and kept for offline use; nothing else of the API is cached.
 * `prompt`: a new version waits until the player chooses "reload", never reloading over an edit.
 */
const serviceWorker = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['index.html', 'assets/**/*', '**/*.{svg,png,ico,woff2,webmanifest}'],
    // Of the engine's two builds only the simd128 one, which every browser with a service worker and WebAssembly
    // of the last years runs: precaching the scalar one too would download the engine twice. A browser that starts
    // the scalar build keeps its own copy at first use (runtime cache below). The three-way all-in table (1.6 MB) is
    // read only by table push/fold solves: the first one downloads it and keeps it in Cache Storage
    // (src/engine/three-way-table.ts), so visitors who never solve a table do not download it.
    globIgnores: [
      '**/*.map',
      '**/*.br',
      '**/*.gz',
      'docs/**',
      `assets/${SCALAR_WASM_ASSET}`,
      'assets/threeway-*.bin',
    ],
    // The wasm engine is ~0.8 MB raw; the default 2 MiB limit would silently leave a larger build out.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/docs\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: SCALAR_WASM_ROUTE,
        handler: 'CacheFirst',
        options: {
          cacheName: 'rangeforge-engine-scalar',
          cacheableResponse: { statuses: [200] },
          // Content-hashed: a new version is a new URL, and the previous one is never asked for again.
          expiration: { maxEntries: 1 },
        },
      },
      {
        urlPattern: CHART_ROUTE,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: CHART_CACHE,
          networkTimeoutSeconds: 6,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 2000 },
        },
      },
    ],
  },
});

/**
 * The entry (src/main.tsx) starts the engine workers and then imports the app (src/app/start.tsx). Vite preloads only
 * the entry's static imports from index.html; this adds the app's chunk and its static imports, so they download in
 * parallel with the entry instead of after it has run.
 */
const preloadApp: Plugin = {
  name: 'rangeforge:preload-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      const bundle = context.bundle;
      if (!bundle) return html;
      const app = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId === fromRoot('./src/app/start.tsx'),
      );
      if (!app || app.type !== 'chunk') throw new Error('preload-app: no chunk for src/app/start.tsx');
      const files = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(visit);
      };
      visit(app.fileName);
      const link = (rel: string, fileName: string): HtmlTagDescriptor => ({
        tag: 'link',
        attrs: { rel, crossorigin: true, href: `/${fileName}` },
        injectTo: 'head',
      });
      // The app's own styles stay render-blocking as they were before the split (no unstyled first paint).
      return [
        ...[...styles].map((fileName) => link('stylesheet', fileName)),
        ...[...files].map((fileName) => link('modulepreload', fileName)),
      ].filter((tag) => !html.includes(`${String(tag.attrs?.href)}"`));
    },
  },
};

export default defineConfig({
  plugins: [react(), wasm(), serviceWorker, preloadApp],
  resolve: { alias: aliases },
  // Module workers: the engine worker imports the wasm glue as an ES module.
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', sourcemap: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
});
