// `npm run equity -- --hero "<range>" --villain "<range>" [--board AhKd2c] [--dead 7s] [--json]`
// Heads-up or multiway (repeat --villain) equity from the same wasm build the browser runs, through the same
// worker pool. With --json it prints exactly one JSON object.
import { parseArgs } from 'node:util';

import { createNodeEngineClient } from '../src/engine/node/node-engine-client.ts';

const usage = `Usage: npm run equity -- --hero "<range>" --villain "<range>" [--villain "<range>" ...]
                      [--board AhKd2c] [--dead 7s] [--monte-carlo] [--json]
Ranges are read by the engine's one parser, as the app reads them: PokerStove notation "QQ+, AKs, A5s-A2s,
KJo:0.5, AhKh, random", bracket groups "[50]AKs,AQs[/50]", weighted lists "AA:1,AKs:0.75" and top shares
"top 15%" (classes by preflop equity against a random hand).`;

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        hero: { type: 'string' },
        villain: { type: 'string', multiple: true },
        board: { type: 'string', default: '' },
        dead: { type: 'string', default: '' },
        'monte-carlo': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

const options = parseCommandLine();
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (!options.hero || !options.villain?.length) {
  console.error(`--hero and --villain are required.\n\n${usage}`);
  process.exit(2);
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const client = createNodeEngineClient();
try {
  const names = [
    'hero',
    ...options.villain.map((_, index) => (index === 0 ? 'villain' : `villain${index + 1}`)),
  ];
  const ranges = await Promise.all([options.hero, ...options.villain].map((text) => client.parseRange(text)));
  await client.warm();
  const started = performance.now();
  const headsUpExact = ranges.length === 2 && !options['monte-carlo'];
  const sides = headsUpExact
    ? await client
        .equity({ hero: ranges[0]!, villain: ranges[1]!, board: options.board, dead: options.dead })
        .then((report) => ({ method: 'exact', results: [report.hero, report.villain], stdError: 0 }))
    : await client.multiway(ranges, options.board, options.dead, { forceMonteCarlo: options['monte-carlo'] });
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const output: Record<string, unknown> = {};
  sides.results.forEach((totals, index) => {
    output[names[index]!] = {
      equity: round(totals.equity),
      win: round(totals.win),
      tie: round(totals.tie),
      combos: round(totals.combos),
    };
  });
  output.board = options.board.replace(/[\s,]/g, '');
  output.method = sides.method;
  if (sides.method === 'monte-carlo') output.std_error = round(sides.stdError);
  output.ms = ms;
  if (options.json) {
    console.log(JSON.stringify(output));
  } else {
    for (const [index, name] of names.entries()) {
      const totals = sides.results[index]!;
      console.log(
        `${name.padEnd(9)} ${(totals.equity * 100).toFixed(4).padStart(8)}%  win ${(totals.win * 100).toFixed(2)}%  tie ${(totals.tie * 100).toFixed(2)}%  combos ${totals.combos}`,
      );
    }
    const precision = sides.method === 'monte-carlo' ? ` ±${(sides.stdError * 100).toFixed(3)}%` : '';
    console.log(`${sides.method}${precision} in ${ms} ms`);
  }
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  client.terminate();
}
