// Renders a lesson of a seeded course from a chart: the chart as an image (the poster), the script spoken by
// espeak-ng, both muxed by ffmpeg into an H.264/AAC MP4 that starts playing before it is fully loaded, and
// WebVTT captions in the four interface languages timed on the spoken audio. Files are named by a hash of what
// they are made from, so a second seed (or another test server) reuses them instead of rendering again.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { GRID_RANKS, handAt } from '../../contract/hands.ts';
import type { Language } from '../../contract/languages.ts';

const run = promisify(execFile);

/** Bumped when the rendering changes, so cached files of the old look are not reused. */
const RENDER_VERSION = 1;
const WIDTH = 640;
const HEIGHT = 360;

export interface LessonChart {
  /** Hand class → its first action's colour and weight (0..100); classes not in the range are absent. */
  cells: Record<string, { color: string; weight: number }>;
}

export interface LessonScript {
  /** Spoken (English) and shown as captions in every language, sentence by sentence. */
  sentences: Record<Language, string[]>;
}

export interface LessonMedia {
  /** `<name>.mp4` in the videos folder; the poster is `<name>.jpg`, captions `<name>.<language>.vtt`. */
  videoFile: string;
}

export const CAPTION_LANGUAGES: readonly Language[] = ['en-US', 'ru-RU', 'zh-CN', 'es-ES'];

/** Videos rendered here always come with a poster and captions; uploaded ones (random hex names) do not. */
export const hasCompanionFiles = (videoFile: string) => /^lesson-[0-9a-f]{24}\.mp4$/.test(videoFile);

export const posterFileOf = (videoFile: string) => videoFile.replace(/\.mp4$/, '.jpg');
export const captionFileOf = (videoFile: string, language: Language) =>
  videoFile.replace(/\.mp4$/, `.${language}.vtt`);

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/**
 * The 13×13 chart as a binary PPM (which ffmpeg reads): pairs on the diagonal, suited above, offsuit below, each
 * cell filled from the bottom in its action's colour as high as its weight, on the app's dark background.
 */
export function chartImage(chart: LessonChart): Buffer {
  const header = Buffer.from(`P6\n${WIDTH} ${HEIGHT}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const fill = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y0 + h); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(WIDTH, x0 + w); x += 1) {
        pixels.set(rgb, (y * WIDTH + x) * 3);
      }
    }
  };
  fill(0, 0, WIDTH, HEIGHT, [15, 19, 24]);
  const size = GRID_RANKS.length;
  const cell = Math.floor((HEIGHT - 24) / size);
  const left = Math.floor((WIDTH - cell * size) / 2);
  const top = Math.floor((HEIGHT - cell * size) / 2);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      const x = left + col * cell + 1;
      const y = top + row * cell + 1;
      const inner = cell - 2;
      // Pairs, suited and offsuit in three greys, so the empty chart still reads as a chart.
      fill(x, y, inner, inner, row === col ? [52, 60, 72] : col > row ? [40, 47, 57] : [31, 37, 45]);
      const action = chart.cells[handAt(row, col)];
      if (!action) continue;
      const height = Math.round((inner * Math.min(100, Math.max(0, action.weight))) / 100);
      fill(x, y + inner - height, inner, height, hexToRgb(action.color));
    }
  }
  return Buffer.concat([header, pixels]);
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * WebVTT cues for the sentences of one language over the spoken duration: each sentence's share of time follows
 * the English sentence it translates (what is actually spoken), so the captions change with the voice.
 */
export function captionsVtt(sentences: string[], spoken: string[], duration: number): string {
  const weights = spoken.map((sentence) => Math.max(1, sentence.length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let start = 0;
  const cues = sentences.map((text, index) => {
    const end = index === sentences.length - 1 ? duration : start + (duration * weights[index]!) / total;
    const cue = `${index + 1}\n${stamp(start)} --> ${stamp(end)}\n${text.replace(/-->/g, '→')}\n`;
    start = end;
    return cue;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isFile() && stat.size > 0,
    () => false,
  );
}

/** Duration in seconds of a media file, read by ffprobe. */
export async function mediaDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  return Number.parseFloat(stdout.trim());
}

/** All files of one lesson rendered into `dir` (a private scratch folder). */
async function render(dir: string, name: string, chart: LessonChart, script: LessonScript): Promise<void> {
  const image = path.join(dir, 'chart.ppm');
  const speech = path.join(dir, 'speech.wav');
  await fs.writeFile(image, chartImage(chart));
  const spoken = script.sentences['en-US'];
  await run('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', speech, spoken.join(' ')]);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', image, '-q:v', '3', path.join(dir, posterFileOf(name))]);
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-loop', '1', '-framerate', '5', '-i', image, '-i', speech],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-r', '5'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-shortest', '-movflags', '+faststart'],
    path.join(dir, name),
  ]);
  const duration = await mediaDuration(path.join(dir, name));
  for (const language of CAPTION_LANGUAGES) {
    await fs.writeFile(
      path.join(dir, captionFileOf(name, language)),
      captionsVtt(script.sentences[language], spoken, duration),
    );
  }
}

const filesOf = (name: string) => [
  name,
  posterFileOf(name),
  ...CAPTION_LANGUAGES.map((language) => captionFileOf(name, language)),
];

/**
 * The lesson's files in `videosDir`, rendered only when missing there and in the machine-wide cache
 * (LESSON_CACHE_DIR, else a folder in the temp directory), so each test server's fresh MEDIA_DIR costs a copy.
 */
export async function ensureLessonMedia(
  videosDir: string,
  chart: LessonChart,
  script: LessonScript,
): Promise<LessonMedia> {
  const hash = createHash('sha256')
    .update(JSON.stringify({ RENDER_VERSION, chart, script }))
    .digest('hex')
    .slice(0, 24);
  const name = `lesson-${hash}.mp4`;
  await fs.mkdir(videosDir, { recursive: true });
  const wanted = filesOf(name);
  const present = await Promise.all(wanted.map((file) => exists(path.join(videosDir, file))));
  if (present.every(Boolean)) return { videoFile: name };

  const cacheDir = process.env.LESSON_CACHE_DIR ?? path.join(os.tmpdir(), 'rangeforge-lesson-cache');
  await fs.mkdir(cacheDir, { recursive: true });
  const cached = await Promise.all(wanted.map((file) => exists(path.join(cacheDir, file))));
  if (!cached.every(Boolean)) {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'rangeforge-lesson-'));
    try {
      await render(scratch, name, chart, script);
      // Renamed into the cache one by one, the video last: a parallel seed sees all files or renders its own.
      for (const file of [...wanted.slice(1), name]) {
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
