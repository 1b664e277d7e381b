import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** Every package.json under node_modules (scoped and nested copies included). */
function installedPackages(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installedPackages(path, found);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) found.push(manifest);
    installedPackages(join(path, 'node_modules'), found);
  }
  return found;
}

describe('the project runtime', () => {
  const required = readFileSync(join(root, '.nvmrc'), 'utf8').trim();

  it('is Node 24 LTS, and package.json engines say so', () => {
    expect(semver.major(required)).toBe(24);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(semver.satisfies(required, manifest.engines.node)).toBe(true);
    expect(semver.satisfies('20.19.0', manifest.engines.node)).toBe(false);
  });

  it('is accepted by the engines field of every installed package', () => {
    const manifests = installedPackages(join(root, 'node_modules'));
    expect(manifests.length).toBeGreaterThan(100);
    const refusing = manifests.flatMap((manifest) => {
      const { name, version, engines } = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = engines?.node;
      if (typeof range !== 'string' || !semver.validRange(range)) return [];
      return semver.satisfies(required, range) ? [] : [`${name}@${version} wants node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
