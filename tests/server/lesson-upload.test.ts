// A lesson video upload is stored and linked only when the whole file arrived: one over the size limit
// (`truncated` by the multipart parser) or one the client breaks off leaves no file on disk or in the bucket and
// the lesson exactly as it was. Run on SQLite and PostgreSQL, with the local folder and with MinIO (S3) storage.
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ObjectStore, root, startMinio } from '../scale/support/services.ts';
import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { mp4Bytes } from './helpers/store.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const BOUNDARY = '----lesson-video';
const MB = 1024 * 1024;
const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="l.mp4"\r\n` +
    'Content-Type: video/mp4\r\n\r\n',
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const multipart = (video: Buffer) => Buffer.concat([head, video, tail]);

/** Why the bucket variant cannot run here, or null (MinIO is built by the bootstrap when Go is available). */
function minioUnavailable(): string | null {
  const state = path.join(root, '.rangeforge', 'minio.json');
  if (!existsSync(state)) return 'MinIO was not set up by the bootstrap';
  const { binary } = JSON.parse(readFileSync(state, 'utf8')) as { binary: string | null };
  return binary && existsSync(binary) ? null : 'MinIO could not be built here';
}

type Storage = 'local' | 's3';

function describeEachStorage(suite: (storage: Storage) => void): void {
  describe('local storage', () => suite('local'));
  const reason = minioUnavailable();
  if (reason) describe.skip(`S3 storage skipped: ${reason}`, () => suite('s3'));
  else describe('S3 storage (MinIO)', () => suite('s3'));
}

describeEachDatabase('lesson video upload', (kind) => {
  describeEachStorage((storage) => {
    let t: TestApp;
    let minio: ObjectStore | null = null;
    let s3: S3Client | null = null;
    let admin: Session;
    let lessonId: number;

    beforeAll(async () => {
      let env: Record<string, string> = { LESSON_VIDEO_MAX_MB: '1' };
      if (storage === 's3') {
        minio = await startMinio();
        env = {
          ...env,
          MEDIA_STORAGE: 's3',
          S3_ENDPOINT: minio.url,
          S3_BUCKET: minio.bucket,
          S3_ACCESS_KEY_ID: minio.accessKeyId,
          S3_SECRET_ACCESS_KEY: minio.secretAccessKey,
        };
        s3 = new S3Client({
          endpoint: minio.url,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: minio.accessKeyId, secretAccessKey: minio.secretAccessKey },
        });
      }
      t = await createTestApp(kind, env);
      admin = await registerUser(t.app);
      await makeAdmin(t.app, admin);
      const course = await as(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/items',
        payload: {
          type: 'video_course',
          name: 'Upload course',
          description: 'd',
          price_usd: 9,
          price_rub: 900,
        },
      });
      const lesson = await as(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/items/${course.json().data.id}/lessons`,
        payload: { title: 'Lesson' },
      });
      lessonId = lesson.json().data.id;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      s3?.destroy();
      await minio?.stop();
    });

    const upload = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/lessons/${lessonId}/video`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload,
      });
    const linked = async () =>
      (
        await t.app.services.db.kysely
          .selectFrom('lessons')
          .select('video_file')
          .where('id', '=', lessonId)
          .executeTakeFirstOrThrow()
      ).video_file;
    const videosDir = () => path.join(t.config.mediaDir, 'videos');
    const localFiles = async () => (await fs.readdir(videosDir()).catch(() => [] as string[])).sort();
    /** What the storage holds: the bucket's video keys for S3 (the local folder must then stay empty). */
    const stored = async () => {
      if (!s3 || !minio) return localFiles();
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: minio.bucket, Prefix: 'videos/' }));
      expect(await localFiles()).toEqual([]);
      return (listed.Contents ?? []).map((object) => object.Key!.slice('videos/'.length)).sort();
    };

    it('stores and links a video within the limit, and a replacement removes the old file', async () => {
      const first = await upload(multipart(mp4Bytes(MB - 1024, 1)));
      expect(first.statusCode, first.body).toBe(200);
      const firstFile = await linked();
      expect(firstFile).toMatch(/^[0-9a-f]{32}\.mp4$/);
      expect(await stored()).toEqual([firstFile]);
      const second = await upload(multipart(mp4Bytes(2048, 2)));
      expect(second.statusCode, second.body).toBe(200);
      const secondFile = await linked();
      expect(secondFile).not.toBe(firstFile);
      expect(await stored()).toEqual([secondFile]);
    });

    it('refuses a video over the limit with 413, keeps nothing of it and leaves the lesson as it was', async () => {
      const before = await linked();
      expect(before).not.toBeNull();
      const response = await upload(multipart(mp4Bytes(MB + 1, 3)));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'videoTooLarge',
        error: 'The video must be at most 1 MB',
      });
      expect(await linked()).toBe(before);
      expect(await stored()).toEqual([before]);
      // The lesson still plays the old video to its admin.
      const page = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/items?per_page=100' });
      const lessons = page
        .json()
        .data.list.flatMap((pack: { items: Array<{ lessons?: Array<{ id: number }> }> }) => pack.items)
        .flatMap((item: { lessons?: Array<{ id: number; has_video: boolean }> }) => item.lessons ?? []);
      expect(lessons.find((lesson: { id: number }) => lesson.id === lessonId)).toMatchObject({
        has_video: true,
      });
    });

    it('refuses an empty file (400) and a file that is no MP4 or WebM (415), keeping nothing of either', async () => {
      const before = await linked();
      const empty = await upload(multipart(Buffer.alloc(0)));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'videoEmpty', error: 'The video file is empty' });
      for (const body of [
        Buffer.from('just some text, named l.mp4'),
        Buffer.alloc(4096, 7),
        Buffer.from('ftyp'),
      ]) {
        const response = await upload(multipart(body));
        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ code: 'videoNotPlayable' });
      }
      expect(await linked()).toBe(before);
      expect(await stored()).toEqual([before]);
      // A WebM (what a browser's recorder makes) is taken like an MP4.
      const webm = await upload(
        multipart(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(512)])),
      );
      expect(webm.statusCode, webm.body).toBe(200);
      expect(await linked()).not.toBe(before);
    });

    it('a body cut off before its closing boundary is 400 uploadIncomplete and keeps nothing of it', async () => {
      const before = await linked();
      const response = await upload(Buffer.concat([head, Buffer.alloc(64 * 1024, 5)]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'uploadIncomplete' });
      expect(await linked()).toBe(before);
      expect(await stored()).toEqual([before]);
    });

    it('a client that disconnects mid-upload leaves no partial file and nothing linked', async () => {
      const before = await linked();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const declared = head.length + 900 * 1024 + tail.length;
      socket.write(
        `POST /api/v1/admin/lessons/${lessonId}/video HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${admin.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(head);
      socket.write(Buffer.alloc(400 * 1024, 4));
      // The upload has landed part-way (a file beside the linked one exists) before the client goes away.
      const kept = storage === 'local' ? [before] : [];
      await expect.poll(async () => (await localFiles()).length, { timeout: 15_000 }).toBe(kept.length + 1);
      socket.destroy();
      await expect.poll(localFiles, { timeout: 15_000 }).toEqual(kept);
      expect(await linked()).toBe(before);
      expect(await stored()).toEqual([before]);
    });
  });
});
