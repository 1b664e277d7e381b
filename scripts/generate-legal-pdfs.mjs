// Generates the legal documents the footer links to (SPEC §2): Terms and Conditions, Privacy Policy and Return
// Policy in ru-RU, en-US, zh-CN and es-ES, written to public/docs/{lang}/{terms_and_contitions,privacy,return_policy}.pdf
// (the misspelt "contitions" is the published URL). The output is committed; run `npm run pdfs` after editing a text.
//
// Fonts: DejaVu Sans covers Latin and Cyrillic; Noto Sans CJK SC (a TrueType collection, addressed by its
// PostScript family name) covers Chinese. Both come from Debian (fonts-dejavu-core, fonts-noto-cjk).
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import PDFDocument from 'pdfkit';

import enUS from './legal/en-US.mjs';
import esES from './legal/es-ES.mjs';
import ruRU from './legal/ru-RU.mjs';
import zhCN from './legal/zh-CN.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'docs');

const FONTS = {
  latin: {
    regular: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
    bold: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  },
  cjk: {
    regular: {
      file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      family: 'NotoSansCJKsc-Regular',
    },
    bold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
};

const COMPANY = {
  name: 'RangeForge Ltd',
  address: '71-75 Shelton Street, Covent Garden, London, WC2H 9JQ, United Kingdom',
  taxNumber: 'GB 412 7781 09',
  email: 'support@rangeforge.app',
  site: 'https://rangeforge.app',
};

/** Effective date of this version of the documents. */
const EFFECTIVE = '2026-11-01';

const FILES = { terms: 'terms_and_contitions', privacy: 'privacy', returns: 'return_policy' };

// Each document: title, a lead paragraph and numbered sections of paragraphs, one module per language.
// {company}, {address}, {tax}, {email}, {site} and {date} are filled in from COMPANY and EFFECTIVE.
const TEXTS = { 'en-US': enUS, 'ru-RU': ruRU, 'zh-CN': zhCN, 'es-ES': esES };

function fill(text) {
  return text
    .replaceAll('{company}', COMPANY.name)
    .replaceAll('{address}', COMPANY.address)
    .replaceAll('{tax}', COMPANY.taxNumber)
    .replaceAll('{email}', COMPANY.email)
    .replaceAll('{site}', COMPANY.site)
    .replaceAll('{date}', EFFECTIVE);
}

const GREEN = '#15803d';
const TEXT = '#1f2933';
const MUTED = '#5b6670';

function writePdf(language, key, target) {
  const texts = TEXTS[language];
  const doc = texts[key];
  const fonts = language === 'zh-CN' ? FONTS.cjk : FONTS.latin;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 72, left: 64, right: 64 },
    bufferPages: true,
    // A fixed date keeps the committed output byte-stable between runs.
    info: {
      Title: `${doc.title} — RangeForge`,
      Author: COMPANY.name,
      Subject: doc.title,
      CreationDate: new Date(EFFECTIVE),
    },
    lang: language,
  });
  pdf.registerFont('body', fonts.regular.file, fonts.regular.family);
  pdf.registerFont('bold', fonts.bold.file, fonts.bold.family);
  const stream = createWriteStream(target);
  pdf.pipe(stream);

  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  pdf.font('bold').fontSize(11).fillColor(GREEN).text('RangeForge', { continued: false });
  pdf.moveDown(0.6);
  pdf.font('bold').fontSize(22).fillColor(TEXT).text(doc.title, { width });
  pdf.moveDown(0.3);
  pdf.font('body').fontSize(10).fillColor(MUTED).text(fill(texts.meta.effective), { width });
  pdf.moveDown(1);
  pdf.font('body').fontSize(11).fillColor(TEXT).text(fill(doc.lead), { width, lineGap: 3 });

  doc.sections.forEach(([heading, body], index) => {
    pdf.moveDown(1);
    pdf
      .font('bold')
      .fontSize(13)
      .fillColor(GREEN)
      .text(`${index + 1}. ${heading}`, { width });
    pdf.moveDown(0.35);
    pdf.font('body').fontSize(11).fillColor(TEXT).text(fill(body), { width, lineGap: 3 });
  });

  pdf.moveDown(1.5);
  pdf
    .font('body')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${COMPANY.name} · ${COMPANY.address} · ${COMPANY.taxNumber}`, { width });
  pdf.text(fill(texts.meta.contact), { width });

  // Footer with page numbers, written once every page exists.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const label = texts.meta.page.replace('{n}', String(i + 1)).replace('{total}', String(range.count));
    pdf
      .font('body')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${doc.title} · ${label}`, pdf.page.margins.left, pdf.page.height - 44, {
        width,
        align: 'center',
      });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
}

async function main() {
  for (const fontSet of Object.values(FONTS)) {
    for (const { file } of Object.values(fontSet)) {
      if (!existsSync(file))
        throw new Error(`Font missing: ${file} (apt-get install fonts-dejavu-core fonts-noto-cjk)`);
    }
  }
  for (const language of Object.keys(TEXTS)) {
    const dir = path.join(outDir, language);
    mkdirSync(dir, { recursive: true });
    for (const [key, file] of Object.entries(FILES)) {
      const target = path.join(dir, `${file}.pdf`);
      await writePdf(language, key, target);
      console.log(`wrote ${path.relative(root, target)}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
