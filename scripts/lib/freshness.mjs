// mtime-based "is the output newer than its sources" checks, so repeat runs skip finished builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'target', 'pkg', 'dist', '.git']);

/** Newest modification time (ms) of the given files and folders, walked recursively. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (!SKIPPED_DIRECTORIES.has(entry)) visit(join(path, entry));
    }
  };
  paths.forEach(visit);
  return newest;
}

/** True when `output` exists and is newer than every source. */
export function isFresh(output, sources) {
  return existsSync(output) && statSync(output).mtimeMs > newestMtime(sources);
}
