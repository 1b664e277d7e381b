import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * Where uploaded and generated media live (avatars, lesson videos, posters, captions). Keys are relative paths
 * such as `avatars/3f…e1.webp`. Two drivers: the local folder (MEDIA_DIR, one instance) and S3-compatible object
 * storage (MEDIA_STORAGE=s3), which every instance of a scaled-out deployment shares.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk, streamed (a lesson video may be gigabytes; it is never held in memory whole). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The whole object as a stream, or null when there is none. */
  open(key: string): Promise<MediaObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key (backups copy them all); files still being written are not listed. */
  list(): AsyncGenerator<string>;
  /** The file behind a key for the local driver (served with byte ranges by @fastify/static's send); else null. */
  localPath(key: string): string | null;
  /** A time-limited GET link straight to the object store (S3 driver); null for the local driver. */
  presignedUrl(key: string, seconds: number): Promise<string | null>;
  /** Fails with a clear message when the storage cannot be reached (checked at start-up). */
  check(): Promise<void>;
}

export interface MediaObject {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type MediaStorageSettings = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Settings);

const KEY_PATTERN = /^(?:[a-z0-9-]+\/)*[A-Za-z0-9._-]+$/;

/** Keys come from our own code, but a key that could climb out of the media folder is refused all the same. */
export function assertMediaKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid media key: ${key}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  localPath(key: string): string {
    assertMediaKey(key);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.land(key, (partial) => fs.writeFile(partial, body));
  }

  async putFile(key: string, source: string): Promise<void> {
    await this.land(key, (partial) => fs.copyFile(source, partial));
  }

  /** Write beside and rename: a reader never sees half a file, and a crash leaves no torn object. */
  private async land(key: string, write: (partial: string) => Promise<void>): Promise<void> {
    const file = this.localPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await write(partial);
    await fs.rename(partial, file);
  }

  async open(key: string): Promise<MediaObject | null> {
    const file = this.localPath(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
  }

  async exists(key: string): Promise<boolean> {
    const stat = await fs.stat(this.localPath(key)).catch(() => null);
    return Boolean(stat?.isFile());
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.localPath(key), { force: true });
  }

  async presignedUrl(): Promise<null> {
    return null;
  }

  async *list(): AsyncGenerator<string> {
    const entries = await fs.readdir(this.dir, { recursive: true, withFileTypes: true }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // A `.partial` file is an upload landing (land() renames it when whole); it is nobody's media yet.
      if (KEY_PATTERN.test(key) && !key.endsWith('.partial')) yield key;
    }
  }

  async check(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.access(this.dir, fs.constants.W_OK);
  }
}

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      // MinIO and most self-hosted stores address buckets by path, not by sub-domain.
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  localPath(): null {
    return null;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertMediaKey(key);
    const { size } = await fs.stat(file);
    // A single PUT with a known length; an object store keeps nothing of a PUT that fails part-way.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async open(key: string): Promise<MediaObject | null> {
    assertMediaKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return {
        stream: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? contentTypeOf(key),
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  /** A HEAD request: the seed asks this for every lesson file, and none of them needs downloading to answer. */
  async exists(key: string): Promise<boolean> {
    assertMediaKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async *list(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignedUrl(key: string, seconds: number): Promise<string> {
    assertMediaKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), {
      expiresIn: seconds,
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const reason = error instanceof Error ? error.name || error.message : String(error);
      throw new Error(
        `media storage: bucket "${this.settings.bucket}" at ${this.settings.endpoint} is not reachable (${reason})`,
        { cause: error },
      );
    }
  }
}

export function createMediaStorage(settings: MediaStorageSettings): MediaStorage {
  return settings.driver === 's3' ? new S3MediaStorage(settings) : new LocalMediaStorage(settings.dir);
}
