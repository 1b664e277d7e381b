import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@/': fromRoot('./src/'),
  '@contract/': fromRoot('./contract/'),
  '@equity-wasm': fromRoot('./crates/equity-wasm/pkg/equity_wasm.js'),
};

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), wasm()],
  resolve: { alias: aliases },
  // Workers are bundled separately; they need the wasm plugin too, and ES format so they can use top-level await.
  worker: { format: 'es', plugins: () => [wasm()] },
  build: { target: 'es2022', outDir: 'dist', sourcemap: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
});
