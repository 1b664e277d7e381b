// `npm run icm -- --stacks 5000,3000,2000 --payouts 50,30,20 [--json]`: Malmuth-Harville prize equity of 2 to 10
// stacks, in the units of the payouts, from the same wasm build the browser uses. With --json the last line printed
// is {"equity":[...]}; bad input prints one line and exits with code 2.
import { createNodeEngineClient } from '../src/engine/node/node-engine-client.ts';
import { icmEquity } from '../src/engine/tournament.client.ts';
import { fail, MAX_ICM_PLAYERS, readOptions, readPayouts, readStacks } from './lib/tournament-args.ts';

const usage = `Usage: npm run icm -- --stacks 5000,3000,2000 --payouts 50,30,20 [--json]
Stacks in any unit (2 to ${MAX_ICM_PLAYERS} players); payouts first place first, at most one per player.`;

async function main() {
  const options = readOptions({
    stacks: { type: 'string' },
    payouts: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (options.help) {
    console.log(usage);
    return;
  }
  const stacks = readStacks(options.stacks, '--stacks', 2, MAX_ICM_PLAYERS);
  const payouts = readPayouts(options.payouts, stacks.length);
  const client = createNodeEngineClient(1);
  try {
    const equity = await icmEquity(client, stacks, payouts);
    const rounded = equity.map((value) => Math.round(value * 1e6) / 1e6);
    if (options.json) {
      console.log(JSON.stringify({ equity: rounded }));
    } else {
      stacks.forEach((stack, index) =>
        console.log(`player ${index + 1}  stack ${stack}  equity ${rounded[index]}`),
      );
    }
  } finally {
    client.terminate();
  }
}

await main().catch(fail);
