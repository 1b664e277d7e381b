// Every seeded course lesson is a real video (rendered at seed time with espeak-ng and ffmpeg),
// with a poster and captions in the four languages, served to owners with byte ranges by @fastify/static's send.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import { captionsVtt } from '../../server/lib/lesson-media.ts';
import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const ffprobeDuration = (file: string) =>
  Number.parseFloat(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1'],
      file,
    ]).toString(),
  );

describe('lesson captions', () => {
  it('times the cues of any language on the spoken sentences and ends at the video end', () => {
    const vtt = captionsVtt(['Uno.', 'Dos dos.'], ['One.', 'Two two two.'], 8);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nUno.\n\n2\n00:00:02.000 --> 00:00:08.000\nDos dos.\n',
    );
  });
});

describeEachDatabase('seeded course lessons', (kind) => {
  let t: TestApp;
  let admin: Session;
  let report: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    report = await seedDatabase(t.app.services.db, { mediaDir: t.config.mediaDir });
    admin = await registerUser(t.app);
    await makeAdmin(t.app, admin);
  }, 240_000);
  afterAll(async () => t.close());

  const videos = () => path.join(t.config.mediaDir, 'videos');

  it('gives every lesson of every seeded course a decodable video, a poster and captions', async () => {
    expect(report.filter((line) => line.startsWith('lesson video'))).toHaveLength(6);
    const rows = await t.app.services.db.kysely.selectFrom('lessons').selectAll().execute();
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.video_file).toMatch(/^lesson-[0-9a-f]{24}\.mp4$/);
      const file = path.join(videos(), row.video_file!);
      expect(ffprobeDuration(file)).toBeGreaterThan(5);
      const streams = execFileSync('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file],
      ])
        .toString()
        .trim()
        .split('\n');
      expect(streams.sort()).toEqual(['aac', 'h264']);
    }
    // A second seed renders nothing and changes nothing.
    expect(await seedDatabase(t.app.services.db, { mediaDir: t.config.mediaDir })).toEqual([]);
  });

  it('streams a lesson with byte ranges and its poster and captions to an owner through signed links', async () => {
    const pack = (await as(t.app, admin, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const page = (await as(t.app, admin, { method: 'GET', url: `/api/shop/product/${pack.id}` })).json().data;
    const lesson = page.video_courses[0].lessons[0];
    expect(lesson.has_video).toBe(true);
    const row = await t.app.services.db.kysely
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lesson.id)
      .executeTakeFirstOrThrow();
    const bytes = fs.readFileSync(path.join(videos(), row.video_file!));

    const partial = await t.app.inject({
      method: 'GET',
      url: lesson.video_url,
      headers: { range: 'bytes=100-1123' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
    expect(partial.headers['accept-ranges']).toBe('bytes');
    expect(partial.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(partial.rawPayload, bytes.subarray(100, 1124))).toBe(0);
    const tail = await t.app.inject({
      method: 'GET',
      url: lesson.video_url,
      headers: { range: 'bytes=-16' },
    });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 16))).toBe(0);
    const beyond = await t.app.inject({
      method: 'GET',
      url: lesson.video_url,
      headers: { range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);

    const poster = await t.app.inject({ method: 'GET', url: lesson.poster_url });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    expect(lesson.captions.map((track: { language: string }) => track.language).sort()).toEqual([
      'en-US',
      'es-ES',
      'ru-RU',
      'zh-CN',
    ]);
    const russian = lesson.captions.find((track: { language: string }) => track.language === 'ru-RU');
    const captions = await t.app.inject({ method: 'GET', url: russian.url });
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toMatch(/^text\/vtt/);
    expect(captions.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> /);
    expect(captions.body).toContain('баттона');
  });

  it('keeps lessons, posters and captions from anyone who does not own the course', async () => {
    const stranger = await registerUser(t.app);
    const pack = (await as(t.app, stranger, { method: 'GET', url: '/api/shop' })).json().data.list[0];
    const page = (await as(t.app, stranger, { method: 'GET', url: `/api/shop/product/${pack.id}` })).json()
      .data;
    const lesson = page.video_courses[0].lessons[0];
    expect(lesson).toMatchObject({ has_video: true, video_url: null, poster_url: null, captions: [] });
    for (const part of ['video', 'poster', 'captions/en-US']) {
      const url = `/api/v1/shop/lessons/${lesson.id}/${part}`;
      expect((await as(t.app, stranger, { method: 'GET', url })).statusCode).toBe(403);
      expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
    const unknown = `/api/v1/shop/lessons/${lesson.id}/captions/fr-FR`;
    expect((await as(t.app, admin, { method: 'GET', url: unknown })).statusCode).toBe(400);
  });
});
