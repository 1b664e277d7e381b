// The open chart as a picture to download: the SVG the contract builds (the same one the server renders for a public
// link's preview), worded in the interface language, and a PNG of it rasterised by the browser through a canvas.
import { i18n, languageAtom } from '@/lib/i18n';
import { saveFile } from '@/lib/save-file';
import { appStore } from '@/lib/store';
import { type ChartPictureInput, chartSvg, type ChartTheme } from '@contract/chart-svg';

import { buttonsAtom, chartNameAtom, comboExclusionsAtom, rangeHistoryAtom } from '../shared/atoms';
import { pictureText } from '../shared/picture-text';

/** The open chart as the picture reads it, named as the library names it. */
export function openChartPicture(): ChartPictureInput {
  return {
    name: appStore.get(chartNameAtom) ?? i18n.t('ranges:picture.untitled'),
    buttons: appStore.get(buttonsAtom),
    pairs: appStore.get(rangeHistoryAtom).present,
    exclusions: appStore.get(comboExclusionsAtom),
  };
}

/** The open chart as an SVG document in the interface language. */
export function openChartSvg(theme: ChartTheme = 'dark'): string {
  return chartSvg(openChartPicture(), pictureText(appStore.get(languageAtom)), { theme });
}

/** A file name from the chart's name: letters of any script, digits and dashes, never empty. */
export function pictureFileName(name: string, extension: 'png' | 'svg'): string {
  const stem = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'range'}.${extension}`;
}

/**
 * An SVG document drawn onto a canvas of its own size and read back as PNG. The SVG goes in through a blob URL (the
 * page's CSP allows blob: images); an SVG image carries no script, so the canvas stays readable.
 */
export async function svgToPng(svg: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart picture could not be drawn'));
    });
    image.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas to draw the chart on');
    context.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Downloads the open chart as a PNG or an SVG file named after it. */
export async function downloadChartPicture(kind: 'png' | 'svg'): Promise<void> {
  const svg = openChartSvg();
  const name = pictureFileName(openChartPicture().name, kind);
  const blob = kind === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg);
  saveFile(blob, name);
}
