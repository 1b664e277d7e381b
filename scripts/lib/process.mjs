// Small process helpers shared by the project scripts. Node built-ins only: bootstrap runs before node_modules.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/lib/ is two levels down). */
export const root = fileURLToPath(new URL('../../', import.meta.url));

export class StepFailure extends Error {}

/** Stops the script with a message meant for a person, not a stack trace. */
export function fail(message) {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Runs a command with inherited output; throws StepFailure on a non-zero exit. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new StepFailure(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new StepFailure(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Runs a command and returns its stdout; with allowFailure a failure returns ''. */
export function capture(command, args, { allowFailure = false, ...options } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error || result.status !== 0) {
    if (allowFailure) return '';
    throw new StepFailure(`${command} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  }
  return result.stdout;
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs one named step, printing its outcome and duration; a StepFailure ends the script. */
export function step(name, action) {
  const started = Date.now();
  process.stdout.write(`• ${name} ...\n`);
  try {
    const outcome = action();
    console.log(`  ✓ ${name}: ${outcome ?? 'done'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return outcome;
  } catch (error) {
    if (error instanceof StepFailure) fail(`${name} failed: ${error.message}`);
    throw error;
  }
}
