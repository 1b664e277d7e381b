import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes out as it is: compressing it saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Brotli's level for cached answers: made once per answer, so better than the on-the-fly level 4, but not 11, which
 * takes tens of milliseconds of the event loop on a large store list.
 */
const BROTLI_QUALITY = 6;

/**
 * A serialised answer kept in memory: its JSON, a validator for conditional requests, and its compressed forms,
 * each made once, when first asked for.
 */
export class CachedBody {
  readonly etag: string;
  private readonly compressible: boolean;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly json: string) {
    // Weak: the br, gzip and plain forms are one representation as far as revalidation goes.
    this.etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    this.compressible = Buffer.byteLength(json) >= COMPRESSION_THRESHOLD;
  }

  /** The answer in `encoding`, or null when it is too small to be worth compressing. */
  encodedAs(encoding: Encoding): Buffer | null {
    if (!this.compressible) return null;
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
          : gzipSync(this.json, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * A bounded map of cached answers: past `size` entries the oldest goes, so keys a client controls (page numbers,
 * what a user owns) cannot grow it without end.
 */
export class BodyCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly size: number) {}

  get(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  set(key: string, body: CachedBody): CachedBody {
    if (this.entries.size >= this.size) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, body);
    return body;
  }
}

/** The route's compiled response serializer (fast-json-stringify, built once at start-up) as a text function. */
export function serializer<T>(reply: FastifyReply): (data: T) => string {
  return (data) => {
    const text = reply.serialize({ data });
    if (typeof text !== 'string') throw new TypeError('a cached answer must serialise to text');
    return text;
  };
}

/** The codings among br and gzip the client accepts (Accept-Encoding, honouring `q=0` and `*`). */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  if (!header) return accepted;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  for (const coding of ['br', 'gzip'] as const)
    if ((weights.get(coding) ?? weights.get('*') ?? 0) > 0) accepted.add(coding);
  return accepted;
}

/** The best coding the client accepts (`br` before `gzip`); null for the plain body. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(header);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Whether If-None-Match names this validator (weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends a cached answer: 304 when the client holds it already, else its compressed form when accepted and worth it.
 * `public` answers (the same for every anonymous caller) may be kept by shared caches; both kinds are revalidated on
 * every use, so an admin's change shows at once, and vary on Authorization, since a signed-in caller's differs.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  scope: 'public' | 'private',
): FastifyReply {
  reply
    .header('cache-control', `${scope}, no-cache`)
    .header('vary', 'Authorization, Accept-Encoding')
    .header('etag', body.etag);
  if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? body.encodedAs(encoding) : null;
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(body.json);
}
