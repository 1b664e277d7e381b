// The app's single engine pool, created on first use so pages without equity never start workers.
import { createBrowserEngineClient, type EngineClient } from './engine.client.ts';

let client: EngineClient | undefined;

export function getEngineClient(): EngineClient {
  client ??= createBrowserEngineClient();
  return client;
}
