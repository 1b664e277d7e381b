// Every seeded course lesson is a real video in each of the four languages (rendered at seed time with espeak-ng
// and ffmpeg), several minutes long, with a poster and captions in the four languages timed on its voice, served to
// owners with byte ranges by @fastify/static's send, in the language of the product page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedDatabase } from '../../server/db/seed.ts';
import {
  CAPTION_LANGUAGES,
  captionsVtt,
  pinyinOf,
  timedCues,
  voicedFileOf,
} from '../../server/lib/lesson-media.ts';
import { as, makeAdmin, registerUser, type Session } from './helpers/api.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const ffprobeDuration = (file: string) =>
  Number.parseFloat(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1'],
      file,
    ]).toString(),
  );

describe('lesson captions and voices', () => {
  const script = {
    segments: [
      {
        frame: { cells: {} },
        cues: {
          'en-US': [
            { text: 'One.', spoken: 'One.' },
            { text: 'Two two.', spoken: 'Two two.' },
          ],
          'ru-RU': [
            { text: 'Раз.', spoken: 'Раз.' },
            { text: 'Два два два два.', spoken: 'Два два два два.' },
          ],
          'zh-CN': [
            { text: '一。', spoken: '一。' },
            { text: '二。', spoken: '二。' },
          ],
          'es-ES': [
            { text: 'Uno.', spoken: 'Uno.' },
            { text: 'Dos.', spoken: 'Dos.' },
          ],
        },
      },
    ],
  };

  it('gives the voice’s own language its exact cue times and shares the picture’s time by length in the others', () => {
    const times = [
      {
        start: 0,
        end: 10,
        cues: [
          { start: 0, end: 2 },
          { start: 2.5, end: 9 },
        ],
      },
    ];
    expect(captionsVtt(timedCues(script, 'en-US', times))).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nOne.\n\n2\n00:00:02.500 --> 00:00:09.000\nTwo two.\n',
    );
    // "Раз." is 4 characters and "Два два два два." 16: a fifth and four fifths of the picture's 10 s.
    expect(timedCues(script, 'ru-RU', [{ start: 0, end: 10 }])).toEqual([
      { start: 0, end: 2, text: 'Раз.' },
      { start: 2, end: 10, text: 'Два два два два.' },
    ]);
  });

  it('reads Mandarin to its voice as pinyin with tone numbers', () => {
    expect(pinyinOf('大盲跟注，胜率百分之四十五。')).toBe(
      'da4 mang2 gen1 zhu4 , sheng4 lv4 bai3 fen1 zhi1 si4 shi2 wu3 .',
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

  it('gives every lesson of every seeded course a video of several minutes in each language', async () => {
    expect(report.filter((line) => line.startsWith('lesson video'))).toHaveLength(6);
    const rows = await t.app.services.db.kysely.selectFrom('lessons').selectAll().execute();
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.video_file).toMatch(/^lesson-[0-9a-f]{24}\.mp4$/);
      const durations = CAPTION_LANGUAGES.map((language) => {
        const file = path.join(videos(), voicedFileOf(row.video_file!, language));
        const streams = execFileSync('ffprobe', [
          ...['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file],
        ])
          .toString()
          .trim()
          .split('\n');
        expect(streams.sort()).toEqual(['aac', 'h264']);
        return ffprobeDuration(file);
      });
      // Minutes, not the 13-15 s clips the courses once had; each voice takes its own time.
      for (const duration of durations) expect(duration).toBeGreaterThan(150);
      expect(new Set(durations.map(Math.round)).size).toBe(4);
    }
    // A second seed renders nothing and changes nothing.
    expect(await seedDatabase(t.app.services.db, { mediaDir: t.config.mediaDir })).toEqual([]);
  });

  it('serves a Russian player the lesson spoken in Russian with captions timed on that voice', async () => {
    const pack = (await as(t.app, admin, { method: 'GET', url: '/api/shop' })).json().data.list[1];
    const page = (
      await as(t.app, admin, { method: 'GET', url: `/api/shop/product/${pack.id}`, query: { lang: 'ru-RU' } })
    ).json().data;
    const lesson = page.video_courses[0].lessons[0];
    expect(lesson.title).toBe('Чарт олл-инов на 10bb класс за классом');
    expect(lesson.video_url).toMatch(/&lang=ru-RU$/);
    const row = await t.app.services.db.kysely
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lesson.id)
      .executeTakeFirstOrThrow();
    const russian = fs.readFileSync(path.join(videos(), voicedFileOf(row.video_file!, 'ru-RU')));
    const served = await t.app.inject({ method: 'GET', url: lesson.video_url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, russian)).toBe(0);
    const track = lesson.captions.find((entry: { language: string }) => entry.language === 'ru-RU');
    const captions = (await t.app.inject({ method: 'GET', url: track.url })).body;
    expect(captions).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> /);
    expect(captions).toContain('Чарт идёт в олл-ин с 58,3');
    // The last cue ends where the Russian voice does (the video adds the last pause).
    const ends = [...captions.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map(
      ([, h, m, sec, ms]) => Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms) / 1000,
    );
    const duration = ffprobeDuration(path.join(videos(), voicedFileOf(row.video_file!, 'ru-RU')));
    expect(duration - ends.at(-1)!).toBeGreaterThan(0);
    expect(duration - ends.at(-1)!).toBeLessThan(1.5);
    // The English page still plays the English voice.
    const english = (await as(t.app, admin, { method: 'GET', url: `/api/shop/product/${pack.id}` })).json()
      .data;
    expect(english.video_courses[0].lessons[0].video_url).not.toContain('lang=');
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
    expect(captions.body).toContain('баттоне');
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

  it('renders a lesson again when its script changed and deletes the files of the video it replaces', async () => {
    const db = t.app.services.db.kysely;
    const lesson = await db
      .selectFrom('lessons')
      .selectAll()
      .where('title', '=', 'Defending the big blind')
      .executeTakeFirstOrThrow();
    // A video rendered from an earlier script of this lesson (with the first seed's poster and caption names).
    const old = `lesson-${'b'.repeat(24)}.mp4`;
    const oldFiles = [old, old.replace('.mp4', '.jpg'), old.replace('.mp4', '.ru-RU.vtt')];
    for (const file of oldFiles) fs.writeFileSync(path.join(videos(), file), 'old');
    // An uploaded video's file and another seed-named file nothing retired are not the seed's to delete.
    const kept = [`${'c'.repeat(32)}.mp4`, `lesson-${'d'.repeat(24)}.mp4`];
    for (const file of kept) fs.writeFileSync(path.join(videos(), file), 'kept');
    await db.updateTable('lessons').set({ video_file: old }).where('id', '=', lesson.id).execute();

    const report = await seedDatabase(t.app.services.db, { mediaDir: t.config.mediaDir });
    expect(report).toEqual([
      'store package "6-max Cash 100bb": 1 packs and courses renewed',
      'lesson video "Defending the big blind"',
    ]);
    const row = await db
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lesson.id)
      .executeTakeFirstOrThrow();
    expect(row.video_file).toBe(lesson.video_file);
    for (const file of oldFiles) expect(fs.existsSync(path.join(videos(), file)), file).toBe(false);
    for (const file of kept) expect(fs.existsSync(path.join(videos(), file)), file).toBe(true);
    expect(fs.existsSync(path.join(videos(), voicedFileOf(row.video_file!, 'ru-RU')))).toBe(true);
  });
});
