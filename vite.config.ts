import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@/': fromRoot('./src/'),
  '@contract/': fromRoot('./contract/'),
  '@equity-wasm': fromRoot('./crates/equity-wasm/pkg/equity_wasm.js'),
  // The package's other files: the .wasm and the preflop table, imported with ?url as content-hashed assets.
  '@equity-wasm-pkg/': fromRoot('./crates/equity-wasm/pkg/'),
};

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
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
