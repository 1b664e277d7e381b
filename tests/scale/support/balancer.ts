// A load balancer as a rolling deploy needs one: it polls each instance's /api/v1/health/ready and sends requests
// only to the ready ones, round robin, one fresh upstream connection per request (nginx's default) and no retries,
// so every failure of an instance reaches the client and is counted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Instance } from './services.ts';

export interface Balancer {
  url: string;
  /** Adds an instance; it takes traffic once its readiness answers 200. */
  add(instance: Instance): void;
  remove(instance: Instance): void;
  /** Instances taking traffic now. */
  ready(): Instance[];
  stop(): Promise<void>;
}

export async function startBalancer(instances: Instance[], pollMs = 200): Promise<Balancer> {
  const members = new Map<Instance, boolean>(instances.map((instance) => [instance, false]));
  let next = 0;
  const poll = async () => {
    await Promise.all(
      [...members.keys()].map(async (instance) => {
        const ok = await fetch(`${instance.baseUrl}/api/v1/health/ready`, {
          signal: AbortSignal.timeout(pollMs * 5),
        })
          .then((response) => response.status === 200)
          .catch(() => false);
        if (members.has(instance)) members.set(instance, ok);
      }),
    );
  };
  let polling = true;
  const loop = (async () => {
    while (polling) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  const ready = () => [...members].filter(([, ok]) => ok).map(([instance]) => instance);

  const server = http.createServer((request, response) => {
    const pool = ready();
    const target = pool[next++ % Math.max(pool.length, 1)];
    if (!target) {
      response.writeHead(503).end('no instance is ready');
      return;
    }
    const upstream = http.request(
      `${target.baseUrl}${request.url}`,
      { method: request.method, headers: { ...request.headers, connection: 'close' }, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(`upstream ${target.name} failed: ${error.message}`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Every member answered once before the balancer is handed out.
  await poll();
  return {
    url: `http://127.0.0.1:${port}`,
    add: (instance) => members.set(instance, false),
    remove: (instance) => members.delete(instance),
    ready,
    stop: async () => {
      polling = false;
      await loop;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
