import type { ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

import type { AppConfig } from '../config.ts';

/**
 * The Content-Security-Policy: everything from our own origin, nothing inline. The engine needs
 * 'wasm-unsafe-eval' (WebAssembly compilation, not JS eval) and runs in workers loaded from 'self'. With real
 * card-provider keys the provider's hosted widget (script, frame, API) is allowed too; the sandbox needs nothing.
 */
function contentSecurityPolicy(config: AppConfig) {
  const provider = config.cloudPayments.sandbox ? [] : ['https://*.cloudpayments.ru'];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...provider],
      workerSrc: ["'self'"],
      styleSrc: ["'self'", ...provider],
      imgSrc: ["'self'", 'data:', 'blob:', ...provider],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...provider],
      frameSrc: provider.length > 0 ? provider : ["'none'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Only behind TLS: on plain http (a local start) it would send every asset request to https.
      ...(config.trustProxy === false ? {} : { upgradeInsecureRequests: [] }),
    },
  };
}

export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Signed video links carry their signature in the query: never send the URL to another origin.
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // HSTS only when TLS terminates at a trusted proxy in front; a plain-http local start must not pin https.
    strictTransportSecurity: config.trustProxy === false ? false : { maxAge: 31_536_000 },
  };
}

/**
 * The headers helmet sets for these options, worked out once. Nothing in them depends on the request (no nonces:
 * the policy allows no inline code at all), so running helmet's middleware chain for every request, as
 * @fastify/helmet does (it rebuilds the middleware and re-parses the policy each time), only cost CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Sends helmet's headers (computed once at start) on every answer, API, static files and errors alike. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = securityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
