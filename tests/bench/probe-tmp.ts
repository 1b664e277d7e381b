import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
const app = await buildApp(loadConfig({ DATABASE_URL: `sqlite:${dir}/p.sqlite`, DATA_DIR: dir, MEDIA_DIR: dir, LOG_LEVEL: 'silent' }));
await seedDatabase(app.services.db);
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { login: 'demo', password: 'demo1234' } });
const token = login.json().data.token;
for (const url of ['/api/v1/categories/tree?root_type=preflop_root', '/api/shop', '/api/shop']) {
  const t = performance.now();
  for (let i = 0; i < 6000; i++) await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  console.log(url, 'us', (performance.now() - t) / 6);
}
await app.close();
