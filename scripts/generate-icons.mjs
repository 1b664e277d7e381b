#!/usr/bin/env node
// Renders the app icons (web manifest, Apple touch icon) from public/favicon.svg with sharp. The PNGs are
// committed; run this again only when the logo changes: `node scripts/run.mjs node scripts/generate-icons.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';

import { root } from './lib/process.mjs';

const svg = readFileSync(join(root, 'public', 'favicon.svg'));
/** Maskable icons are cropped to a circle by some launchers: the logo keeps a 10% safe margin on a dark field. */
const outputs = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  { file: 'icon-maskable-512.png', size: 512, padding: 52 },
  { file: 'apple-touch-icon.png', size: 180, padding: 0 },
];
for (const { file, size, padding } of outputs) {
  const inner = size - padding * 2;
  const logo = await sharp(svg, { density: 72 * (inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#0f1318' } })
    .composite([{ input: logo, left: padding, top: padding }])
    .png({ compressionLevel: 9 })
    .toFile(join(root, 'public', 'icons', file));
  console.log(`public/icons/${file} ${size}x${size}`);
}
