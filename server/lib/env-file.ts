import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Loads `.env` (or the file named by ENV_FILE) from the working directory into process.env with Node's own
 * parser. Variables already set in the environment win, so a deployment's real environment overrides the file.
 * A missing default `.env` is fine; a missing ENV_FILE is a configuration error and stops the start.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env.ENV_FILE;
  const file = path.resolve(explicit || '.env');
  if (!existsSync(file)) {
    if (explicit) throw new Error(`ENV_FILE points to ${file}, which does not exist`);
    return null;
  }
  process.loadEnvFile(file);
  return file;
}
