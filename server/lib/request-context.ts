import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import { compile } from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { TrustProxy } from '../config.ts';

/**
 * The request a piece of code runs for, so a service that logs (a mail that failed to queue) writes the request's
 * id on its line without every call passing a logger down.
 */
const current = new AsyncLocalStorage<FastifyBaseLogger>();

/** An id a proxy may hand us: short, and nothing that could break a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request: the proxy's `X-Request-Id` when the peer is a proxy named in TRUST_PROXY (so one id
 * follows a request from the load balancer's log to ours), else a fresh one. A client that is not a trusted proxy
 * cannot choose the id it is logged under.
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted: (address: string) => boolean =
    trust === false
      ? () => false
      : typeof trust === 'number'
        ? () => trust >= 1
        : (
            (check) => (address: string) =>
              check(address, 0)
          )(compile(trust));
  return (request) => {
    const incoming = request.headers['x-request-id'];
    const address = request.socket?.remoteAddress;
    if (typeof incoming === 'string' && SANE_ID.test(incoming) && address && trusted(address))
      return incoming;
    return randomUUID();
  };
}

/**
 * Sends the id back as `X-Request-Id` and runs the rest of the request inside its context, so `requestLogger`
 * writes through the request's own logger (which carries `reqId`).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    current.run(request.log, done);
  });
}

/**
 * A logger for services: inside a request it is that request's logger (every line carries `reqId`), outside one
 * (start-up, the mail dispatcher, housekeeping) the app's.
 */
export function requestLogger(fallback: FastifyBaseLogger): FastifyBaseLogger {
  const target = () => current.getStore() ?? fallback;
  return {
    get level() {
      return target().level;
    },
    set level(level) {
      fallback.level = level;
    },
    fatal: (...args: Parameters<FastifyBaseLogger['fatal']>) => target().fatal(...args),
    error: (...args: Parameters<FastifyBaseLogger['error']>) => target().error(...args),
    warn: (...args: Parameters<FastifyBaseLogger['warn']>) => target().warn(...args),
    info: (...args: Parameters<FastifyBaseLogger['info']>) => target().info(...args),
    debug: (...args: Parameters<FastifyBaseLogger['debug']>) => target().debug(...args),
    trace: (...args: Parameters<FastifyBaseLogger['trace']>) => target().trace(...args),
    silent: (...args: Parameters<FastifyBaseLogger['silent']>) => target().silent(...args),
    child: (...args: Parameters<FastifyBaseLogger['child']>) => target().child(...args),
  } as FastifyBaseLogger;
}
