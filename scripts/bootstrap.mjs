#!/usr/bin/env node
// Makes a fresh machine ready for `npm start` / `npm test`. Runs before node_modules exists, so it uses Node
// built-ins only. Every step is idempotent and checks before it acts, so a second run takes a second or two.
//
//   node scripts/bootstrap.mjs [start|test|dev]
//
// The chosen wasm toolchain route is written to .rangeforge/toolchain.json for scripts/build-wasm.mjs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ensureProjectNode } from './lib/node-runtime.mjs';
import { capture, commandExists, fail, root, run, step, StepFailure } from './lib/process.mjs';

const WASM_TARGET = 'wasm32-unknown-unknown';
/** Name under which Debian's rustc-web is linked as a rustup toolchain (ARCHITECTURE.md section 4). */
const DEBIAN_TOOLCHAIN = 'debian-web';
const DEBIAN_SYSROOT_WASM = `/usr/lib/rustlib/${WASM_TARGET}/lib`;
const RUST_LLD_LINK = '/usr/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld';
/** MinIO's Go module version (the project tags releases by date; the proxy knows them as pseudo-versions). */
const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const WASM_PACK_VERSION = '0.15.1';
const stateDir = join(root, '.rangeforge');
export const toolchainStatePath = join(stateDir, 'toolchain.json');
/** Where the scale-out suite finds the MinIO binary (or null with the reason it is skipped). */
export const minioStatePath = join(stateDir, 'minio.json');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Records which Node built node_modules (native modules such as better-sqlite3 only load on the same ABI) and from
 * which lock file: a hash, not a file time, since copies and checkouts change times without changing contents.
 */
const npmStatePath = join(stateDir, 'node-modules.json');

/** Step 1: npm dependencies, when node_modules is missing, from another lock file or built by another Node. */
function ensureNpmDependencies() {
  const lockHash = createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
  const marker = join(root, 'node_modules', '.package-lock.json');
  const built = existsSync(npmStatePath) ? JSON.parse(readFileSync(npmStatePath, 'utf8')) : {};
  if (existsSync(marker) && built.abi === process.versions.modules && built.lock === lockHash)
    return 'up to date';
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root });
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(
    npmStatePath,
    `${JSON.stringify({ abi: process.versions.modules, node: process.version, lock: lockHash })}\n`,
  );
  return `installed with npm ci for Node ${process.version}`;
}

function rustupHasWasmTarget() {
  if (!commandExists('rustup')) return false;
  const installed = capture('rustup', ['target', 'list', '--installed'], { cwd: root, allowFailure: true });
  return installed.split('\n').includes(WASM_TARGET);
}

function debianRouteReady() {
  if (!existsSync(DEBIAN_SYSROOT_WASM)) return false;
  if (!existsSync(RUST_LLD_LINK)) return false;
  const toolchains = capture('rustup', ['toolchain', 'list'], { allowFailure: true });
  return toolchains.split('\n').some((line) => line.startsWith(DEBIAN_TOOLCHAIN));
}

function aptInstall(packages) {
  const missing = packages.filter((name) => {
    const status = capture('dpkg-query', ['-W', '-f=${Status}', name], { allowFailure: true });
    return !status.includes('install ok installed');
  });
  if (missing.length === 0) return;
  if (!isRoot) {
    fail(
      `Missing Debian packages: ${missing.join(' ')}.\nRun: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * The offline route: Debian's rustc-web plus its std sources; std is built once for wasm32 with -Zbuild-std
 * against the vendored crates Debian ships, then the compiler is linked into rustup as a named toolchain.
 */
function buildDebianWasmToolchain() {
  if (!isRoot) {
    fail(
      'The wasm32 target is missing and cannot be installed without root.\n' +
        `Either run: rustup target add ${WASM_TARGET}\n` +
        'or, as root: node scripts/bootstrap.mjs   (it installs Debian rustc-web, rust-web-src and lld)',
    );
  }
  aptInstall(['rustc-web', 'cargo-web', 'rust-web-src', 'lld']);
  const scratch = join(stateDir, 'wasm-std');
  mkdirSync(join(scratch, 'src'), { recursive: true });
  mkdirSync(join(scratch, '.cargo'), { recursive: true });
  writeFileSync(
    join(scratch, 'Cargo.toml'),
    '[package]\nname = "wasm-std-scratch"\nversion = "0.0.0"\nedition = "2021"\n\n[lib]\npath = "src/lib.rs"\n\n[workspace]\n',
  );
  writeFileSync(join(scratch, 'src', 'lib.rs'), '#![no_std]\n');
  writeFileSync(
    join(scratch, '.cargo', 'config.toml'),
    '[source.crates-io]\nreplace-with = "debian-vendor"\n\n[source.debian-vendor]\ndirectory = "/usr/lib/rustlib/src/rust/library/vendor"\n',
  );
  const env = {
    ...process.env,
    RUSTC: '/usr/bin/rustc',
    RUSTC_BOOTSTRAP: '1',
    CARGO_TARGET_DIR: join(scratch, 'target'),
  };
  delete env.RUSTUP_TOOLCHAIN;
  run(
    '/usr/bin/cargo',
    ['build', '--offline', '--release', '--target', WASM_TARGET, '-Zbuild-std=std,panic_abort'],
    { cwd: scratch, env },
  );
  const deps = join(scratch, 'target', WASM_TARGET, 'release', 'deps');
  mkdirSync(DEBIAN_SYSROOT_WASM, { recursive: true });
  // Copy std's rlibs, not the scratch crate's own library.
  run('sh', [
    '-c',
    `find '${deps}' -name 'lib*.rlib' ! -name 'libwasm_std_scratch*' -exec cp -f {} '${DEBIAN_SYSROOT_WASM}/' \\;`,
  ]);
  // rustc looks for its default wasm linker in the host's rustlib bin folder, which Debian does not create.
  mkdirSync(dirname(RUST_LLD_LINK), { recursive: true });
  run('ln', ['-sf', '/usr/bin/lld', RUST_LLD_LINK]);
  run('rustup', ['toolchain', 'link', DEBIAN_TOOLCHAIN, '/usr']);
}

/** Step 2: a Rust toolchain that can target wasm32; records the route for build-wasm.mjs. */
function ensureWasmToolchain() {
  if (!commandExists('cargo') || !commandExists('rustup')) {
    fail(
      'Rust is not installed. Install rustup (https://rustup.rs) with the stable toolchain, then run again.',
    );
  }
  let route;
  if (rustupHasWasmTarget()) {
    route = { name: 'rustup', env: {} };
  } else {
    if (!debianRouteReady()) buildDebianWasmToolchain();
    route = { name: 'debian-rustc-web', env: { RUSTUP_TOOLCHAIN: DEBIAN_TOOLCHAIN } };
  }
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(toolchainStatePath, `${JSON.stringify(route, null, 2)}\n`);
  return route.name === 'rustup'
    ? 'rustup target'
    : `offline Debian rustc-web route (toolchain ${DEBIAN_TOOLCHAIN})`;
}

/** The wasm-bindgen crate version from Cargo.lock; the CLI must match it to the letter. */
function lockedWasmBindgenVersion() {
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  const match = lock.match(/\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/);
  if (!match) fail('Cargo.lock has no wasm-bindgen entry; run `cargo generate-lockfile`.');
  return match[1];
}

function installedVersion(command) {
  if (!commandExists(command)) return null;
  const output = capture(command, ['--version'], { allowFailure: true });
  return output.match(/(\d+\.\d+\.\d+)/)?.[1] ?? null;
}

/** Step 3: wasm-bindgen-cli at exactly the crate's version and wasm-pack, built from crates.io when missing. */
function ensureWasmCliTools() {
  const done = [];
  const bindgen = lockedWasmBindgenVersion();
  if (installedVersion('wasm-bindgen') !== bindgen) {
    // No --locked: this registry copy lacks some of the newest transitive versions the upstream lock names.
    run('cargo', ['install', 'wasm-bindgen-cli', '--version', `=${bindgen}`], { cwd: '/' });
    done.push(`wasm-bindgen ${bindgen} installed`);
  }
  if (installedVersion('wasm-pack') !== WASM_PACK_VERSION) {
    run('cargo', ['install', 'wasm-pack', '--version', `=${WASM_PACK_VERSION}`], { cwd: '/' });
    done.push(`wasm-pack ${WASM_PACK_VERSION} installed`);
  }
  return done.length > 0
    ? done.join(', ')
    : `wasm-bindgen ${bindgen} and wasm-pack ${WASM_PACK_VERSION} present`;
}

/**
 * Step 4 (tests only): Debian chromium for the browser suite (and poppler's pdftotext, which reads back the pages it
 * prints to PDF), PostgreSQL for the server suite.
 */
function ensureTestServices() {
  const wanted = [];
  if (!existsSync('/usr/bin/chromium')) wanted.push('chromium');
  if (!existsSync('/usr/bin/pdftotext')) wanted.push('poppler-utils');
  if (!commandExists('pg_ctlcluster') || !existsSync('/usr/lib/postgresql')) wanted.push('postgresql');
  if (!existsSync('/usr/bin/redis-server')) wanted.push('redis-server');
  if (wanted.length === 0) return 'chromium, pdftotext, PostgreSQL and Redis present';
  if (!isRoot) {
    console.warn(`  ! ${wanted.join(' and ')} missing and not root: the suites that need them will say so.`);
    return 'skipped (not root)';
  }
  aptInstall(wanted);
  return `installed ${wanted.join(', ')}`;
}

/**
 * MinIO (S3-compatible storage) for the scale-out suite. It is only published as source here: `go install` from the
 * Go module proxy takes about 8 minutes on 2 cores, so the binary is cached per machine (not per clone) under
 * ~/.cache/rangeforge and every later run, in any clone, starts at once.
 */
function ensureMinio() {
  const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const binDir = join(cacheRoot, 'rangeforge', 'minio', MINIO_VERSION);
  const binary = join(binDir, 'minio');
  const record = (path) => {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(minioStatePath, `${JSON.stringify({ binary: path, version: MINIO_VERSION }, null, 2)}\n`);
  };
  if (existsSync(binary)) {
    record(binary);
    return `cached (${binary})`;
  }
  if (!commandExists('go')) {
    record(null);
    console.warn('  ! Go is not installed: the scale-out suite will be skipped and say so.');
    return 'skipped (no Go toolchain)';
  }
  mkdirSync(binDir, { recursive: true });
  run('go', ['install', `github.com/minio/minio@${MINIO_VERSION}`], {
    cwd: binDir,
    env: { ...process.env, GOBIN: binDir, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' },
  });
  if (!existsSync(binary)) throw new StepFailure(`go install finished but ${binary} is missing`);
  record(binary);
  return `built from the Go module proxy into ${binDir}`;
}

/**
 * Step 4 (start and tests): ffmpeg and espeak-ng, with which the seed renders the courses' lessons (chart image,
 * spoken script, H.264/AAC video, poster) into MEDIA_DIR.
 */
function ensureMediaTools() {
  const wanted = ['ffmpeg', 'espeak-ng'].filter((command) => !commandExists(command));
  if (wanted.length === 0) return 'ffmpeg and espeak-ng present';
  aptInstall(wanted);
  return `installed ${wanted.join(', ')}`;
}

export function bootstrap(mode = 'start') {
  const started = Date.now();
  console.log(`RangeForge bootstrap (${mode}) on Node ${process.version}`);
  step('npm dependencies', ensureNpmDependencies);
  step('wasm32 Rust toolchain', ensureWasmToolchain);
  step('wasm-bindgen and wasm-pack', ensureWasmCliTools);
  step('media tools (ffmpeg, espeak-ng)', ensureMediaTools);
  if (mode === 'test') {
    step('test services (chromium, PostgreSQL, Redis)', ensureTestServices);
    step('MinIO for the scale-out suite', ensureMinio);
  }
  console.log(`bootstrap finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureProjectNode();
  bootstrap(process.argv[2] ?? 'start');
}
