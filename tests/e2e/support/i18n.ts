// The interface texts a browser spec expects, read from src/locales the way the app's i18next reads them: the plural
// form Intl.PluralRules picks for the language, `{{x, number}}` formatted by the language's Intl.NumberFormat. And a
// check that a page shows no untranslated text: no English text of the en-US files in another language, no raw key.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from 'playwright-core';

export const LANGUAGES = ['en-US', 'ru-RU', 'zh-CN', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const LOCALES = fileURLToPath(new URL('../../../src/locales/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a language by 'namespace:dotted.key' (plural forms under their own suffixed keys). */
function load(language: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const file of readdirSync(`${LOCALES}${language}`)) {
    const tree = JSON.parse(readFileSync(`${LOCALES}${language}/${file}`, 'utf8')) as Tree;
    walk(tree, `${file.replace(/\.json$/, '')}:`);
  }
  return texts;
}

const cache = new Map<string, Map<string, string>>();
const textsOf = (language: string) =>
  cache.get(language) ?? cache.set(language, load(language)).get(language)!;

/** The text of `key` in `language` with `values` put in, as i18next renders it in the app. */
export function tr(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const texts = textsOf(language);
  const form =
    typeof values.count === 'number' ? new Intl.PluralRules(language).select(values.count) : undefined;
  const template = (form && texts.get(`${key}_${form}`)) ?? texts.get(key);
  if (template === undefined) throw new Error(`no text ${key} in ${language}`);
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+))?\s*\}\}/g, (_, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key}: no value for ${name}`);
    return format === 'number' ? new Intl.NumberFormat(language).format(Number(value)) : String(value);
  });
}

/** The text of `key` in Russian, the language most browser specs check a translated page in. */
export const ru = (key: string, values: Record<string, string | number> = {}) => tr('ru-RU', key, values);

/** A share as the app shows it in `language` (src/lib/format.ts formatPercent). */
export const percent = (language: Language, fraction: number, digits: number) =>
  new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fraction);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whole-text patterns of the en-US texts another language must not show: each en-US text with letters of its own
 * (not only placeholders, numbers or signs), unless the language's text for that key is the very same (a borrowed
 * word such as "Flop" or "Monte Carlo" in Spanish).
 */
function englishPatterns(language: Language): Array<{ key: string; pattern: RegExp }> {
  const english = textsOf('en-US');
  const own = textsOf(language);
  const patterns: Array<{ key: string; pattern: RegExp }> = [];
  for (const [key, text] of english) {
    if (own.get(key) === text) continue;
    const literal = text.replace(/\{\{[^}]*\}\}/g, ' ');
    if (!/[A-Za-z]{3}/.test(literal)) continue;
    const parts = text.split(/\{\{[^}]*\}\}/).map(escape);
    patterns.push({ key, pattern: new RegExp(`^${parts.join('.+?')}$`, 's') });
  }
  return patterns;
}

/** Visible texts, accessible names and hints of the page: each text node and each label-like attribute. */
async function pageTexts(page: Page): Promise<string[]> {
  // A string, so the bundler's helpers (keepNames) never end up in the page.
  return page.evaluate(`(() => {
    const out = new Set();
    // The brand ("Range" "Forge") and the footer's payment brands ("Bitcoin") are names in every language.
    const names = '.header__logo, footer';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent || '').trim();
      if (text && !node.parentElement.closest(names)) out.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      if (element.closest(names)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = (element.getAttribute(name) || '').trim();
        if (value) out.add(value);
      }
    }
    out.add(document.title);
    return [...out];
  })()`);
}

/**
 * What the page shows that is not in `language`: texts that are whole en-US texts (with their placeholders filled
 * in any way) in another language, and texts that are a key of the locale files (i18next shows the key of a text
 * no file has). Empty when everything is translated.
 */
export async function untranslated(page: Page, language: Language): Promise<string[]> {
  const texts = await pageTexts(page);
  const keys = new Set(
    [...textsOf('en-US').keys()].flatMap((key) => {
      // A top-level key ("run") could be a word: only dotted keys, with or without their namespace.
      const base = key.replace(PLURAL, '');
      const path = base.slice(base.indexOf(':') + 1);
      return path.includes('.') ? [base, path] : [base];
    }),
  );
  const patterns = language === 'en-US' ? [] : englishPatterns(language);
  const found: string[] = [];
  for (const text of texts) {
    if (keys.has(text)) found.push(`raw key: ${text}`);
    const english = patterns.find(({ pattern }) => pattern.test(text));
    if (english) found.push(`English (${english.key}): ${text}`);
  }
  return found;
}
