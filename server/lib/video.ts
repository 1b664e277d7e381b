import fs from 'node:fs';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { notFound } from './http-error.ts';

/**
 * Sends a file honouring a single HTTP byte range (`Range: bytes=a-b`, `bytes=a-`, `bytes=-n`), as video players
 * seek with them. Unsatisfiable ranges answer 416 with the size, per RFC 9110.
 */
export async function sendWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  type: string,
) {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound();
  const size = stat.size;
  reply.header('accept-ranges', 'bytes').header('content-type', type);
  const header = request.headers.range;
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!header || !match) {
    reply.header('content-length', size);
    return reply.send(fs.createReadStream(file));
  }
  let start = match[1] ? Number(match[1]) : NaN;
  let end = match[2] ? Number(match[2]) : size - 1;
  if (Number.isNaN(start)) {
    start = Math.max(0, size - end);
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (start > end || start >= size) {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1);
  return reply.send(fs.createReadStream(file, { start, end }));
}
