import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer on node:zlib (PKWARE APPNOTE 6.3: deflate, UTF-8 names, data descriptors), so a download is
 * written while its entries are still being read: no entry and no archive is ever held whole in memory. Each entry's
 * local header goes out with its sizes unknown (general purpose bit 3); its CRC-32 and sizes follow its data in a
 * data descriptor and are repeated in the central directory at the end, where readers look them up.
 *
 * No ZIP64: an archive past 65,535 entries or 4 GiB fails instead of writing a broken file (an account's export is a
 * few megabytes).
 */

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, no leading slash. */
  name: string;
  /** The content, chunk by chunk (strings are UTF-8). */
  data: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
}

const LIMIT_32 = 0xffff_ffff;
const LIMIT_ENTRIES = 0xffff;
/** Bit 3: CRC and sizes in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
/** Made by a Unix host (3), so extractors apply the mode below: a regular file, rw-r--r--. */
const MADE_BY = (3 << 8) | VERSION;
const FILE_MODE = (0o100644 << 16) >>> 0;

/** MS-DOS time and date of `when` (UTC), two seconds precision, as ZIP stores them. */
export function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.min(Math.max(when.getUTCFullYear(), 1980), 2107);
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

function checkName(name: string): Buffer {
  const parts = name.split('/');
  if (!name || name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid zip entry name: ${name}`);
  }
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 0xffff) throw new Error('zip entry name too long');
  return bytes;
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The entry's bytes deflated, counting CRC-32 and sizes into `stats` as they pass. */
async function* deflated(
  data: ZipEntry['data'],
  stats: { crc: number; size: number; compressed: number },
): AsyncGenerator<Buffer> {
  async function* counted() {
    for await (const chunk of data) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (bytes.length === 0) continue;
      stats.crc = crc32(bytes, stats.crc);
      stats.size += bytes.length;
      yield bytes;
    }
  }
  const deflate = createDeflateRaw();
  const piping = pipeline(Readable.from(counted()), deflate);
  // A failure of the source or of zlib ends the iteration below with that error; this copy must not go unhandled.
  piping.catch(() => undefined);
  for await (const chunk of deflate as AsyncIterable<Buffer>) {
    stats.compressed += chunk.length;
    yield chunk;
  }
  await piping;
}

/** The archive of `entries`, as a stream of buffers (Readable.from(zipStream(...)) to send it). */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  modified: Date = new Date(),
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(modified);
  const written: Written[] = [];
  const names = new Set<string>();
  let offset = 0;
  const out = (chunk: Buffer) => {
    offset += chunk.length;
    if (offset > LIMIT_32) throw new Error('zip archive larger than 4 GiB (no ZIP64)');
    return chunk;
  };

  for await (const entry of entries) {
    const name = checkName(entry.name);
    if (names.has(entry.name)) throw new Error(`duplicate zip entry: ${entry.name}`);
    names.add(entry.name);
    if (written.length === LIMIT_ENTRIES) throw new Error('too many zip entries (no ZIP64)');
    const start = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC-32 and both sizes stay 0 here: the data descriptor carries them (bit 3).
    local.writeUInt16LE(name.length, 26);
    yield out(local);
    yield out(name);
    const stats = { crc: 0, size: 0, compressed: 0 };
    for await (const chunk of deflated(entry.data, stats)) yield out(chunk);
    if (stats.size > LIMIT_32) throw new Error('zip entry larger than 4 GiB (no ZIP64)');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(stats.crc, 4);
    descriptor.writeUInt32LE(stats.compressed, 8);
    descriptor.writeUInt32LE(stats.size, 12);
    yield out(descriptor);
    written.push({ name, crc: stats.crc, compressed: stats.compressed, size: stats.size, offset: start });
  }

  const directoryStart = offset;
  for (const entry of written) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(MADE_BY, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    // Extra field, comment, disk number and internal attributes: all 0.
    header.writeUInt32LE(FILE_MODE, 38);
    header.writeUInt32LE(entry.offset, 42);
    yield out(header);
    yield out(entry.name);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield out(end);
}
