// `npm run seed:figures`: solves the seeded push/fold spots and the lessons' equities with the engine (the same wasm
// build the browser runs) and writes server/db/seed-data/engine-figures.json, which the seed builds the push/fold
// pack and the lessons from. tests/engine/seed-figures.test.ts fails when the file and the engine disagree.
import { writeFileSync } from 'node:fs';

import { format } from 'prettier';

import { createEngineApi } from '../src/engine/engine-api.ts';
import { loadEquityWasm } from '../src/engine/node/load-wasm.ts';
import { computeSeedFigures } from './lib/seed-figures.ts';

export const FIGURES_FILE = new URL('../server/db/seed-data/engine-figures.json', import.meta.url);

async function main() {
  const api = createEngineApi(await loadEquityWasm());
  const figures = computeSeedFigures(api);
  const text = await format(JSON.stringify(figures), { parser: 'json', printWidth: 110 });
  writeFileSync(FIGURES_FILE, text);
  console.log(`written ${FIGURES_FILE.pathname} (${text.length} bytes)`);
}

await main();
