import { describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '@contract/errors';

import { buildResources, resources } from './i18n';
import { LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** i18next plural forms (key_one, key_other…) count as their base key. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** Every text of a language by 'namespace:dotted.key'. */
function textsOf(language: string): Map<string, string> {
  const byNamespace = resources[language] ?? {};
  const texts = new Map<string, string>();
  for (const [ns, tree] of Object.entries(byNamespace)) {
    for (const key of flatten(tree as Tree)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
      if (typeof value === 'string') texts.set(`${ns}:${key}`, value);
    }
  }
  return texts;
}

/** The names of a text's `{{name}}` / `{{name, format}}` placeholders, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]!).sort();

/**
 * Texts a language keeps in English on purpose: poker words its players use as they are ("flop", "equity",
 * "combo", "stack … bb" in Spanish, the positions UTG and BTN), brands and key names. Any other text equal to the
 * en-US one is a text nobody translated (the browser suite's untranslated-text check relies on this list being
 * exact).
 */
const BORROWED: Record<string, string[]> = {
  'es-ES': [
    '{{count, number}} combo',
    '{{count, number}} combos',
    '{{combos}} combo',
    '{{combos}} combo · {{percent}}',
    '{{combos}} combos',
    '{{combos}} combos · {{percent}}',
    'Avatar',
    'BTN',
    'Bitcoin',
    'Cash',
    'Ctrl+Z',
    'Equity',
    'Flop',
    'Flops',
    'Gutshot',
    'Monte Carlo',
    'Overcall',
    'Overpair',
    'PokerStove / Flopzilla (KJo:0.5)',
    'Premium',
    'RangeForge',
    'Set',
    'Stack',
    'Stack {{stack, number}} bb',
    'Tether (TRC20)',
    'UTG',
    'UTG+1',
    'UTG+2',
  ],
  'ru-RU': [
    'BTN',
    'Ctrl+Z',
    'PokerStove / Flopzilla (KJo:0.5)',
    'RangeForge',
    'Tether (TRC20)',
    'UTG',
    'UTG+1',
    'UTG+2',
  ],
  'zh-CN': ['Ctrl+Z', 'RangeForge'],
};

function keysOf(language: string): Set<string> {
  const byNamespace = resources[language] ?? {};
  return new Set(
    Object.entries(byNamespace).flatMap(([ns, tree]) => flatten(tree as Tree).map((key) => `${ns}:${key}`)),
  );
}

// Every source file except tests, as text.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Keys built at run time cannot be found by a scan. Each entry is a namespace prefix with the reason:
 * - `errors:` is looked up by the server's error `code` (contract/errors.ts) and by validators' result keys;
 * - `equity:handCategory.` by the engine's hand category name (equity-results.tsx).
 */
const DYNAMIC_PREFIXES = ['errors:', 'equity:handCategory.'];

const usedKeys = new Set<string>();
for (const text of Object.values(sources)) {
  for (const match of text.matchAll(/['"`]([a-z][a-zA-Z]*):([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['"`]/g)) {
    usedKeys.add(`${match[1]}:${match[2]}`);
  }
}

describe('translations', () => {
  const reference = keysOf('en-US');

  it('loads every namespace file of every language', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(Object.keys(resources[language] ?? {}).sort()).toEqual(
        Object.keys(resources['en-US'] ?? {}).sort(),
      );
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))(
    '%s has exactly the en-US keys (plural keys by their base key)',
    (language) => {
      const keys = new Set([...keysOf(language)].map(baseKey));
      const wanted = new Set([...reference].map(baseKey));
      const missing = [...wanted].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !wanted.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(LANGUAGES)('%s has exactly the plural forms its language needs', (language) => {
    // Intl knows each language's categories: en one/other, ru one/few/many/other (other for fractions such as
    // 1,5), es one/many/other, zh other only.
    const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    const byBase = new Map<string, string[]>();
    for (const key of keysOf(language)) {
      const form = /_(zero|one|two|few|many|other)$/.exec(key)?.[1];
      if (form) byBase.set(baseKey(key), [...(byBase.get(baseKey(key)) ?? []), form]);
    }
    const pluralInEnglish = new Set(
      [...reference].filter((key) => /_(one|other)$/.test(key)).map((key) => baseKey(key)),
    );
    expect([...byBase.keys()].sort()).toEqual([...pluralInEnglish].sort());
    for (const [key, forms] of byBase) expect(forms.sort(), `${language} ${key}`).toEqual(needed);
    // A base key is either plural or plain, never both.
    for (const key of byBase.keys()) expect(keysOf(language).has(key), key).toBe(false);
  });

  it('has no empty texts', () => {
    for (const language of LANGUAGES) {
      for (const [ns, tree] of Object.entries(resources[language] ?? {})) {
        const empty = flatten(tree as Tree).filter((key) => {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${language}/${ns}`).toEqual([]);
      }
    }
  });

  it.each(LANGUAGES)('%s fills in the placeholders of the en-US text of each key', (language) => {
    // `count` picks the plural form, so a form may leave it out ("Upload a video for this lesson: {{lessons}}"),
    // but not the catch-all form; every other placeholder is the same as in English.
    const english = textsOf('en-US');
    const wanted = new Map([...english].map(([key, text]) => [baseKey(key), placeholders(text)]));
    const wrong = [...textsOf(language)].filter(([key, text]) => {
      const want = wanted.get(baseKey(key)) ?? [];
      const got = placeholders(text);
      const optional = /_(zero|one|two|few|many)$/.test(key) ? ['count'] : [];
      const strip = (names: string[]) => names.filter((name) => !optional.includes(name)).join(',');
      return strip(want) !== strip(got);
    });
    expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))(
    '%s translates every text, except the words players borrow from English',
    (language) => {
      const english = textsOf('en-US');
      const copied = [...textsOf(language)]
        .filter(([key, text]) => english.get(key) === text)
        .map(([, text]) => text)
        .filter((text) => /[A-Za-z]{3}/.test(text.replace(/\{\{[^}]*\}\}/g, '')));
      expect([...new Set(copied)].sort()).toEqual([...(BORROWED[language] ?? [])].sort());
    },
  );

  it('uses every key somewhere in the source (or through a listed dynamic prefix)', () => {
    const unused = [...reference].filter(
      (key) => !usedKeys.has(baseKey(key)) && !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('defines every key the source uses', () => {
    const namespaces = new Set(Object.keys(resources['en-US'] ?? {}));
    const plain = new Set([...reference].map(baseKey));
    const undefinedKeys = [...usedKeys].filter(
      (key) => namespaces.has(key.split(':')[0] ?? '') && !plain.has(key),
    );
    expect(undefinedKeys).toEqual([]);
  });

  it('translates every error the server can send', () => {
    for (const code of Object.keys(ERROR_MESSAGES)) expect(reference.has(`errors:${code}`), code).toBe(true);
  });

  it('groups files by language and namespace', () => {
    const built = buildResources({
      '../locales/en-US/demo.json': { a: 'A' },
      '../locales/ru-RU/demo.json': { a: 'А' },
    });
    expect(built).toEqual({ 'en-US': { demo: { a: 'A' } }, 'ru-RU': { demo: { a: 'А' } } });
  });
});
