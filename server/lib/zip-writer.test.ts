import { randomBytes } from 'node:crypto';

import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

import { dosDateTime, type ZipEntry, zipStream } from './zip-writer.ts';

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) bit by bit: the oracle, apart from zlib's. */
function crc32Reference(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function zip(entries: ZipEntry[], when?: Date): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries, when)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The central directory as written, read by hand from the end-of-central-directory record. */
function centralDirectory(archive: Buffer) {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  expect(at + archive.readUInt32LE(end + 12)).toBe(end);
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = archive.readUInt16LE(at + 28);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const offset = archive.readUInt32LE(at + 42);
    // Each entry's local header is where the directory says, under the same name.
    expect(archive.readUInt32LE(offset)).toBe(0x04034b50);
    expect(archive.subarray(offset + 30, offset + 30 + nameLength).toString('utf8')).toBe(name);
    entries.push({
      name,
      flags: archive.readUInt16LE(at + 8),
      crc: archive.readUInt32LE(at + 16),
      compressed: archive.readUInt32LE(at + 20),
      size: archive.readUInt32LE(at + 24),
    });
    at += 46 + nameLength;
  }
  return entries;
}

function* chunksOf(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('zipStream', () => {
  it('writes entries a separate reader opens byte for byte, with CRC-32 and sizes in the directory', async () => {
    const text = 'AA,KK,QQ:0.5\n'.repeat(80_000);
    const noise = randomBytes(300_000);
    const contents: Record<string, Buffer> = {
      'empty.txt': Buffer.alloc(0),
      'profile.json': Buffer.from('{"username":"Вася"}'),
      'графики/диапазон 1.txt': Buffer.from(text),
      'avatar.webp': noise,
    };
    const archive = await zip([
      { name: 'empty.txt', data: [] },
      { name: 'profile.json', data: ['{"username":', '"Вася"}'] },
      { name: 'графики/диапазон 1.txt', data: chunksOf(Buffer.from(text), 4096) },
      {
        name: 'avatar.webp',
        data: (async function* () {
          yield* chunksOf(noise, 10_000);
        })(),
      },
    ]);
    const opened = unzipSync(new Uint8Array(archive));
    expect(Object.keys(opened)).toEqual(Object.keys(contents));
    for (const [name, bytes] of Object.entries(contents))
      expect(Buffer.from(opened[name] ?? [])).toEqual(bytes);

    const directory = centralDirectory(archive);
    for (const entry of directory) {
      const bytes = contents[entry.name] as Buffer;
      expect(entry.crc, entry.name).toBe(crc32Reference(bytes));
      expect(entry.size, entry.name).toBe(bytes.length);
      expect(entry.flags & 0x0800, 'UTF-8 names').toBe(0x0800);
    }
    // Deflate pays on text and costs little on noise.
    const byName = new Map(directory.map((entry) => [entry.name, entry]));
    expect(byName.get('графики/диапазон 1.txt')?.compressed).toBeLessThan(text.length / 100);
    expect(byName.get('avatar.webp')?.compressed).toBeLessThan(noise.length * 1.01);
  });

  it('streams: the archive starts going out before its source has been read to the end', async () => {
    const total = 400;
    let pulled = 0;
    async function* source() {
      for (let index = 0; index < total; index += 1) {
        pulled += 1;
        yield randomBytes(16_384);
      }
    }
    let pulledAtFirstData = -1;
    let bytes = 0;
    for await (const chunk of zipStream([{ name: 'big.bin', data: source() }])) {
      bytes += chunk.length;
      // Past the 30-byte header and the name: compressed data is flowing.
      if (bytes > 100_000 && pulledAtFirstData < 0) pulledAtFirstData = pulled;
    }
    expect(pulledAtFirstData).toBeGreaterThan(0);
    expect(pulledAtFirstData).toBeLessThan(total / 2);
  });

  it('fails with the source error rather than writing a truncated archive that looks whole', async () => {
    async function* broken() {
      yield 'start';
      throw new Error('database went away');
    }
    await expect(zip([{ name: 'a.txt', data: broken() }])).rejects.toThrow('database went away');
  });

  it('refuses names that could escape the folder they are unpacked in, and duplicates', async () => {
    for (const name of ['../evil.txt', '/etc/passwd', 'a//b.txt', 'a/./b.txt', ''])
      await expect(zip([{ name, data: ['x'] }]), name).rejects.toThrow('invalid zip entry name');
    await expect(
      zip([
        { name: 'a.txt', data: ['x'] },
        { name: 'a.txt', data: ['y'] },
      ]),
    ).rejects.toThrow('duplicate');
  });

  it('stores the modification time in MS-DOS form', async () => {
    const when = new Date(Date.UTC(2026, 10, 24, 13, 45, 31));
    const { time, date } = dosDateTime(when);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([13, 45, 30]);
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 11, 24]);
    const archive = await zip([{ name: 'a.txt', data: ['x'] }], when);
    expect([archive.readUInt16LE(10), archive.readUInt16LE(12)]).toEqual([time, date]);
  });
});
