import { seedDatabase } from '../../../server/db/seed.ts';
import { makeAdmin, registerUser, type Session } from './api.ts';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * A test app on a seeded database (the store's packs and courses, their lessons, the demo player) with a fresh
 * admin: the set-up of the store, payment and course suites (`beforeAll(async () => ({ t, admin } = await …)))`).
 */
export async function openSeededStore(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; admin: Session }> {
  const t = await createTestApp(kind, env);
  await seedDatabase(t.app.services.db);
  const admin = await registerUser(t.app);
  await makeAdmin(t.app, admin);
  return { t, admin };
}

/**
 * `size` bytes that open like an MP4 file (a `ftyp` box first, as every MP4 has), filled with `fill`: what the lesson
 * upload checks before it links a file.
 */
export function mp4Bytes(size: number, fill = 0): Buffer {
  const box = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1')]);
  return Buffer.concat([box, Buffer.alloc(Math.max(0, size - box.length), fill)]);
}
