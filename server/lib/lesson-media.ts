// Renders a lesson of a seeded course: one video per interface language, each spoken by espeak-ng in its language
// (Mandarin from pinyin, which its Mandarin voice reads reliably), over the lesson's pictures (lesson-image.ts) that
// change with what is said; WebVTT captions in all four languages for every video, each cue timed on the sentence
// the voice is saying; and a poster. Every sentence is spoken on its own, so its start and length are known exactly.
// Files are named by a hash of what they are made from, so a second seed (or another test server) reuses them.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { pinyin } from 'pinyin-pro';

import type { Language } from '../../contract/languages.ts';
import { drawable, frameImage, type LessonFrame } from './lesson-image.ts';

const run = promisify(execFile);

/** Bumped when the rendering changes, so cached files of the old look are not reused. */
const RENDER_VERSION = 4;
/** Silence after each sentence and, longer, after each picture's last sentence (seconds). */
const SENTENCE_GAP = 0.35;
const SEGMENT_GAP = 0.7;

export interface LessonCue {
  /** What the captions show. */
  text: string;
  /** What the voice says (hands and numbers in words). */
  spoken: string;
}

/** One picture of a lesson and what is said over it, in every language (the same number of cues in each). */
export interface LessonSegment {
  frame: LessonFrame;
  cues: Record<Language, LessonCue[]>;
}

export interface LessonScript {
  segments: LessonSegment[];
}

export interface LessonMedia {
  /** `<name>.mp4` in the videos folder: the English voice; voicedFileOf names the others. */
  videoFile: string;
}

export const CAPTION_LANGUAGES: readonly Language[] = ['en-US', 'ru-RU', 'zh-CN', 'es-ES'];

/** espeak-ng voices; Mandarin reads pinyin with tone numbers (its hanzi reading falls back to English letters). */
const VOICES: Record<Language, string> = {
  'en-US': 'en-us',
  'ru-RU': 'ru',
  'zh-CN': 'cmn-latn-pinyin',
  'es-ES': 'es',
};

/** Videos rendered here always come with a poster and captions; uploaded ones (random hex names) do not. */
export const hasCompanionFiles = (videoFile: string) => /^lesson-[0-9a-f]{24}\.mp4$/.test(videoFile);

/** The video spoken in `language` of a rendered lesson (`videoFile` is the English one). */
export const voicedFileOf = (videoFile: string, language: Language) =>
  language === 'en-US' ? videoFile : videoFile.replace(/\.mp4$/, `.${language}.mp4`);
export const posterFileOf = (videoFile: string) => videoFile.replace(/\.mp4$/, '.jpg');
/** Captions in `language` timed on the voice of `videoFile` (any voiced file). */
export const captionFileOf = (videoFile: string, language: Language) =>
  videoFile.replace(/\.mp4$/, `.${language}.vtt`);

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** A timed cue of the captions. */
export interface TimedCue {
  start: number;
  end: number;
  text: string;
}

export function captionsVtt(cues: readonly TimedCue[]): string {
  const body = cues.map(
    (cue, index) =>
      `${index + 1}\n${stamp(cue.start)} --> ${stamp(cue.end)}\n${cue.text.replace(/-->/g, '→')}\n`,
  );
  return `WEBVTT\n\n${body.join('\n')}`;
}

/**
 * The cues of `language` over the timeline of a voice: each segment's cues share the time the voice spends on that
 * segment, in proportion to their length (exactly the spoken times when `language` is the voice's own).
 */
export function timedCues(
  script: LessonScript,
  language: Language,
  segmentTimes: ReadonlyArray<{ start: number; end: number; cues?: Array<{ start: number; end: number }> }>,
): TimedCue[] {
  return script.segments.flatMap((segment, index) => {
    const time = segmentTimes[index]!;
    const cues = segment.cues[language];
    if (time.cues && time.cues.length === cues.length)
      return cues.map((cue, at) => ({ ...time.cues![at]!, text: cue.text }));
    const total = cues.reduce((sum, cue) => sum + Math.max(1, cue.text.length), 0);
    let start = time.start;
    return cues.map((cue) => {
      const end = start + ((time.end - time.start) * Math.max(1, cue.text.length)) / total;
      const timed = { start, end, text: cue.text };
      start = end;
      return timed;
    });
  });
}

/** Mandarin for the pinyin voice: syllables with tone numbers, punctuation as pauses, Latin letters kept. */
export function pinyinOf(text: string): string {
  return pinyin(text, { toneType: 'num', type: 'array', nonZh: 'consecutive' })
    .map((syllable) => syllable.replace(/ü/g, 'v').replace(/([a-z]+)0\b/g, '$1'))
    .join(' ')
    .replace(/[，、；：]/g, ',')
    .replace(/[。！？]/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Pcm {
  rate: number;
  data: Buffer;
}

/** The samples of a 16-bit mono WAV file as espeak-ng writes it. */
function readWav(bytes: Buffer): Pcm {
  let offset = 12;
  let rate = 22050;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') rate = bytes.readUInt32LE(offset + 12);
    if (id === 'data') {
      // espeak-ng writing to a file leaves the data size unset when it cannot seek: the rest is samples.
      if (size === 0 || offset + 8 + size > bytes.length) size = bytes.length - offset - 8;
      return { rate, data: bytes.subarray(offset + 8, offset + 8 + size) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak-ng wrote no audio');
}

function wavFile(rate: number, data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** espeak-ng and ffmpeg runs at once: one per core, so a fresh machine's first seed renders as fast as it can. */
const WORKERS = Math.max(1, os.availableParallelism());

/** Runs `tasks` with at most `limit` at once; results in order. */
async function pooled<T>(tasks: Array<() => Promise<T>>, limit = WORKERS): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function speak(dir: string, language: Language, text: string, index: number): Promise<Pcm> {
  const file = path.join(dir, `cue-${language}-${index}.wav`);
  const words = language === 'zh-CN' ? pinyinOf(text) : text;
  await run('espeak-ng', ['-v', VOICES[language], '-s', '160', '-w', file, words]);
  return readWav(await fs.readFile(file));
}

interface Voiced {
  audio: string;
  segments: Array<{ start: number; end: number; cues: Array<{ start: number; end: number }> }>;
  duration: number;
}

/** The lesson spoken in `language`: one WAV file and when each segment and cue starts and ends. */
async function voice(dir: string, script: LessonScript, language: Language): Promise<Voiced> {
  const texts = script.segments.flatMap((segment) => segment.cues[language].map((cue) => cue.spoken));
  const spoken = await pooled(texts.map((text, index) => () => speak(dir, language, text, index)));
  const rate = spoken[0]?.rate ?? 22050;
  const chunks: Buffer[] = [];
  let at = 0;
  let index = 0;
  const segments: Voiced['segments'] = [];
  const silence = (seconds: number) => {
    const bytes = Math.round(seconds * rate) * 2;
    chunks.push(Buffer.alloc(bytes));
    at += bytes / 2 / rate;
  };
  for (const segment of script.segments) {
    const start = at;
    const cues: Array<{ start: number; end: number }> = [];
    for (let cue = 0; cue < segment.cues[language].length; cue += 1) {
      const pcm = spoken[index++]!;
      chunks.push(pcm.data);
      const cueStart = at;
      at += pcm.data.length / 2 / rate;
      cues.push({ start: cueStart, end: at });
      silence(SENTENCE_GAP);
    }
    silence(SEGMENT_GAP - SENTENCE_GAP);
    segments.push({ start, end: at, cues });
  }
  const audio = path.join(dir, `voice-${language}.wav`);
  await fs.writeFile(audio, wavFile(rate, Buffer.concat(chunks)));
  return { audio, segments, duration: at };
}

/** The video of one voice with its poster and its captions in the four languages. */
async function encode(
  dir: string,
  name: string,
  script: LessonScript,
  frames: string[],
  language: Language,
  voiced: Voiced,
) {
  const video = voicedFileOf(name, language);
  // Each picture for as long as its sentences are spoken (the concat list repeats the last one, as it must).
  const list = voiced.segments
    .map((segment, index) => `file '${frames[index]}'\nduration ${(segment.end - segment.start).toFixed(3)}`)
    .concat(`file '${frames.at(-1)}'`)
    .join('\n');
  const listFile = path.join(dir, `frames-${language}.txt`);
  await fs.writeFile(listFile, list);
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listFile, '-i', voiced.audio],
    // Still pictures: two frames a second, a key frame every 20 s and a high CRF keep a 7-minute lesson near 0.7 MB
    // of video (a player seeks to the key frame before and decodes forward, at most 40 frames).
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...['-r', '2', '-g', '40'],
    // Speech from a 22 kHz synthesiser: 32 kb/s mono AAC loses nothing audible. The fast coder takes a quarter of
    // the default's time (0.6 s against 2.5 s for 2.5 minutes of speech), most of a first seed's rendering.
    ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart'],
    // As long as the voice: -shortest lets the last picture run on (the concat list's repeated last entry).
    ...['-t', voiced.duration.toFixed(3)],
    path.join(dir, video),
  ]);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    frames[0]!,
    '-q:v',
    '3',
    path.join(dir, posterFileOf(video)),
  ]);
  for (const captions of CAPTION_LANGUAGES) {
    // The voice's own language has each cue's exact times; the others share each picture's time by length.
    const times =
      captions === language ? voiced.segments : voiced.segments.map(({ start, end }) => ({ start, end }));
    await fs.writeFile(
      path.join(dir, captionFileOf(video, captions)),
      captionsVtt(timedCues(script, captions, times)),
    );
  }
}

/** All files of one lesson rendered into `dir` (a private scratch folder). */
async function render(dir: string, name: string, script: LessonScript): Promise<void> {
  const frames = script.segments.map((_, index) => path.join(dir, `frame-${index}.ppm`));
  for (const [index, segment] of script.segments.entries())
    await fs.writeFile(frames[index]!, frameImage(segment.frame));
  const voices: Array<[Language, Voiced]> = [];
  for (const language of CAPTION_LANGUAGES) voices.push([language, await voice(dir, script, language)]);
  await pooled(
    voices.map(
      ([language, voiced]) =>
        () =>
          encode(dir, name, script, frames, language, voiced),
    ),
  );
}

/** Every file of a rendered lesson: per voice its video, poster and captions in the four languages. */
export const lessonFiles = (name: string) =>
  CAPTION_LANGUAGES.flatMap((language) => {
    const video = voicedFileOf(name, language);
    return [
      posterFileOf(video),
      ...CAPTION_LANGUAGES.map((captions) => captionFileOf(video, captions)),
      video,
    ];
  });

/** The English video's name of a lesson rendered from `script` (the same script always renders the same files). */
export function lessonFileName(script: LessonScript): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ RENDER_VERSION, script }))
    .digest('hex')
    .slice(0, 24);
  return `lesson-${hash}.mp4`;
}

/** Checks a script before anything is rendered: cues in every language, and pictures the font can draw. */
function checkScript(script: LessonScript): void {
  for (const [index, segment] of script.segments.entries()) {
    for (const language of CAPTION_LANGUAGES) {
      const cues = segment.cues[language];
      if (!cues?.length || cues.some((cue) => !cue.text.trim() || !cue.spoken.trim()))
        throw new Error(`lesson segment ${index} has no ${language} sentences`);
    }
    for (const line of segment.frame.panel ?? []) {
      if (!drawable(line.text)) throw new Error(`lesson segment ${index}: cannot draw "${line.text}"`);
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isFile() && stat.size > 0,
    () => false,
  );
}

/**
 * The lesson's files in `videosDir`, rendered only when missing there and in the machine-wide cache
 * (LESSON_CACHE_DIR, else a folder in the temp directory), so each test server's fresh MEDIA_DIR costs a copy.
 */
export async function ensureLessonMedia(videosDir: string, script: LessonScript): Promise<LessonMedia> {
  checkScript(script);
  const name = lessonFileName(script);
  await fs.mkdir(videosDir, { recursive: true });
  const wanted = lessonFiles(name);
  const present = await Promise.all(wanted.map((file) => exists(path.join(videosDir, file))));
  if (present.every(Boolean)) return { videoFile: name };

  const cacheDir = process.env.LESSON_CACHE_DIR ?? path.join(os.tmpdir(), 'rangeforge-lesson-cache');
  await fs.mkdir(cacheDir, { recursive: true });
  const cached = await Promise.all(wanted.map((file) => exists(path.join(cacheDir, file))));
  if (!cached.every(Boolean)) {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'rangeforge-lesson-'));
    try {
      await render(scratch, name, script);
      // Renamed into the cache one by one, the English video last: a parallel seed sees all files or renders its own.
      for (const file of wanted.filter((entry) => entry !== name).concat(name)) {
        const partial = path.join(cacheDir, `${file}.${randomBytes(4).toString('hex')}.part`);
        await fs.copyFile(path.join(scratch, file), partial);
        await fs.rename(partial, path.join(cacheDir, file));
      }
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }
  for (const file of wanted) await fs.copyFile(path.join(cacheDir, file), path.join(videosDir, file));
  return { videoFile: name };
}
