import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

/**
 * The service worker (issue 13 point 5): the app shell, every hashed asset (JS, CSS, the wasm engine, workers and
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
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'docs/**'],
    // The wasm engine is ~0.8 MB raw; the default 2 MiB limit would silently leave a larger build out.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/docs\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
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

export default defineConfig({
  plugins: [react(), wasm(), serviceWorker],
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
