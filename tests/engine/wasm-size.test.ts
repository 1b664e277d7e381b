// The engine module every visitor downloads before the first equity: at most 200 KB gzipped, so a cold load on a phone
// stays short. The evaluator builds its rank tables when the module starts and the preflop table is its own asset, so
// neither may creep back into the module.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

const pkgDir = fileURLToPath(new URL('../../crates/equity-wasm/pkg/', import.meta.url));
const KB = 1024;

describe('engine module size', () => {
  // A visitor downloads one of the two builds: simd128 where the browser validates it, else the scalar one.
  it.each(['equity_wasm_simd_bg.wasm', 'equity_wasm_bg.wasm'])(
    '%s is at most 200 KB gzipped, without the preflop table',
    (file) => {
      const wasm = readFileSync(join(pkgDir, file));
      const table = readFileSync(join(pkgDir, 'preflop.bin'));
      expect(gzipSync(wasm, { level: 9 }).length).toBeLessThanOrEqual(200 * KB);
      // The table alone is larger than the whole module: embedded, it could not fit.
      expect(wasm.length).toBeLessThan(table.length);
    },
  );
});
