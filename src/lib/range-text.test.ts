import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from './i18n';
import { rangeTextMessage } from './range-text';

const issue = {
  code: 'weight_not_number',
  token: 'KJo:abc',
  index: 4,
  length: 9,
  message: 'English',
} as const;

afterEach(() => i18n.changeLanguage('en-US'));

describe('the message of a refused range text', () => {
  it('names the token and the character it starts at (counted from 1) in the interface language', async () => {
    expect(rangeTextMessage(issue)).toBe(
      '“KJo:abc” (character 5): the weight after “:” must be a number from 0 to 1',
    );
    await i18n.changeLanguage('ru-RU');
    expect(rangeTextMessage(issue)).toBe('«KJo:abc» (символ 5): вес после «:» должен быть числом от 0 до 1');
    await i18n.changeLanguage('zh-CN');
    expect(rangeTextMessage({ ...issue, code: 'suited_pair', token: 'AAs', index: 0 })).toBe(
      '“AAs”（第 1 个字符）：对子不能标为同花或不同花',
    );
  });

  it('still says which token and where for a problem this build has no words for', () => {
    const newer = { ...issue, code: 'from_a_newer_engine' } as unknown as typeof issue;
    expect(rangeTextMessage(newer)).toBe('“KJo:abc” (character 5) is not range notation');
  });
});
