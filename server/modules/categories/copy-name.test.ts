import { describe, expect, it } from 'vitest';

import { copyName } from './copy-name.ts';

describe('copyName', () => {
  it('names a copy in the owner language and numbers it when taken', () => {
    expect(copyName('BTN open', 'en-US', ['BTN open'])).toBe('Copy of BTN open');
    expect(copyName('BTN open', 'en-US', ['BTN open', 'Copy of BTN open'])).toBe('Copy of BTN open (2)');
    expect(copyName('A', 'en-US', ['Copy of A', 'Copy of A (2)'])).toBe('Copy of A (3)');
    expect(copyName('BTN', 'ru-RU', [])).toBe('Копия BTN');
    expect(copyName('BTN', 'zh-CN', [])).toBe('BTN 副本');
    expect(copyName('BTN', 'es-ES', [])).toBe('Copia de BTN');
    expect(copyName('BTN', 'xx', [])).toBe('Copy of BTN');
  });

  it('shortens the original name, never the number, to stay within 120 characters', () => {
    const long = 'x'.repeat(120);
    const first = copyName(long, 'en-US', [long]);
    expect(first.length).toBeLessThanOrEqual(120);
    expect(first).toMatch(/^Copy of x+…$/);
    const second = copyName(long, 'en-US', [long, first]);
    expect(second.length).toBeLessThanOrEqual(120);
    expect(second).toMatch(/^Copy of x+… \(2\)$/);
  });
});
