import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

import pg from 'pg';

const ROLE = 'rangeforge_test';
const PASSWORD = 'rangeforge_test';

export interface PostgresAvailability {
  adminUrl: string | null;
  reason: string;
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
}

let availability: PostgresAvailability | undefined;

/**
 * Starts the Debian cluster (pg_ctlcluster 15 main) when it is down and makes a test role that may create databases.
 * An explicit TEST_DATABASE_ADMIN_URL (postgres://role:pass@host/db with CREATEDB) skips all of that.
 */
export function postgresAvailability(): PostgresAvailability {
  if (availability) return availability;
  if (process.env.TEST_DATABASE_ADMIN_URL) {
    availability = { adminUrl: process.env.TEST_DATABASE_ADMIN_URL, reason: 'TEST_DATABASE_ADMIN_URL' };
    return availability;
  }
  try {
    const clusters = run('pg_lsclusters', ['--no-header']);
    const line = clusters.split('\n').find((entry) => entry.trim().length > 0);
    if (!line) throw new Error('no PostgreSQL cluster found by pg_lsclusters');
    const [version, name, port, status] = line.trim().split(/\s+/);
    if (!version || !name || !port) throw new Error(`cannot read pg_lsclusters output: ${line}`);
    if (status !== 'online') run('pg_ctlcluster', [version, name, 'start']);
    const sqlText =
      `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN ` +
      `CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}'; END IF; END $$;`;
    run('runuser', ['-u', 'postgres', '--', 'psql', '-p', port, '-v', 'ON_ERROR_STOP=1', '-c', sqlText]);
    availability = {
      adminUrl: `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${port}/postgres`,
      reason: `cluster ${version}/${name} on port ${port}`,
    };
  } catch (error) {
    availability = { adminUrl: null, reason: `PostgreSQL cannot run here: ${String(error).split('\n')[0]}` };
  }
  return availability;
}

/** A throwaway database; the returned drop() removes it. */
export async function createThrowawayDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // FORCE may meet a backend the test role may not signal (a server process still busy in the database after
        // a write-heavy suite): it answers 42501 then, and the same drop succeeds once that process is gone.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
