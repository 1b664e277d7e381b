// The name of a copied category: "Copy of X" in the owner's language, numbered when that name is already taken
// among the new siblings, so three copies never show as three identical rows.

/** Category names are at most this long (contract/categories.ts). */
const MAX_NAME = 120;

const PATTERNS: Record<string, (name: string) => string> = {
  'en-US': (name) => `Copy of ${name}`,
  'ru-RU': (name) => `Копия ${name}`,
  'zh-CN': (name) => `${name} 副本`,
  'es-ES': (name) => `Copia de ${name}`,
};

/** "Copy of X", or "Copy of X (2)", "(3)"… when the plain one is among `taken`; never longer than 120 chars. */
export function copyName(name: string, language: string, taken: readonly string[]): string {
  const pattern = PATTERNS[language] ?? PATTERNS['en-US']!;
  const used = new Set(taken);
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? '' : ` (${number})`;
    // Shorten the original, not the "copy" words or the number, when the result would be too long.
    let base = name;
    let candidate = pattern(base) + suffix;
    while (candidate.length > MAX_NAME && base.length > 1) {
      base = base.slice(0, base.length - (candidate.length - MAX_NAME)).trimEnd() || base.slice(0, 1);
      candidate = pattern(`${base}…`) + suffix;
    }
    if (!used.has(candidate)) return candidate;
  }
}
