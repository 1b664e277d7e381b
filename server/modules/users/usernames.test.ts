import { describe, expect, it } from 'vitest';

import { HttpError } from '../../lib/http-error.ts';
import { isSingleScript, normalizeUsername, usernameKey } from './usernames.ts';

const refusal = (raw: string) => {
  try {
    normalizeUsername(raw);
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.code : String(error);
  }
};

describe('normalizeUsername', () => {
  it('folds compatibility forms (NFKC), trims and collapses inner spaces', () => {
    expect(normalizeUsername('  ａｄｍｉｎ２  ')).toBe('admin2');
    expect(normalizeUsername('Big   Blind')).toBe('Big Blind');
    expect(normalizeUsername('ﬁsherman')).toBe('fisherman');
  });

  it('keeps ordinary names of one script, and the East Asian mixes with Latin', () => {
    for (const name of [
      'alice_99',
      'Вася-Пупкин',
      'Ελένη',
      '山田太郎',
      'やまだ太郎',
      '김민준이',
      'mai.le',
      'José María',
      'Bob中文',
    ]) {
      expect(normalizeUsername(name), name).toBe(name);
    }
  });

  it.each([
    ['аdmin', 'Cyrillic а inside Latin'],
    ['pаypal', 'Cyrillic а inside Latin'],
    ['admіn', 'Ukrainian і inside Latin'],
    ['αdmin', 'Greek α inside Latin'],
  ])('refuses the mixed-script look-alike %s (%s)', (name) => {
    expect(refusal(name)).toBe('usernameInvalid');
  });

  it.each([
    ['ad\u200Bmin', 'zero-width space'],
    ['ad\u200Dmin', 'zero-width joiner'],
    ['\u202Eadmin', 'right-to-left override'],
    ['admin\u2066', 'bidi isolate'],
    ['adm\u0000in', 'NUL'],
    ['adm\nin', 'line feed'],
    ['adm\u00ADin', 'soft hyphen'],
    ['adm\u3164in', 'Hangul filler'],
    ['adm\uFEFFin', 'byte order mark'],
    ['admin!', 'punctuation'],
    ['a\u0301\u0301\u0301\u0301\u0301\u0301dmin', 'a stack of combining marks'],
    ['\u0301admin', 'a leading combining mark'],
  ])('refuses %j (%s)', (name) => {
    expect(refusal(name)).toBe('usernameInvalid');
  });

  it('refuses whitespace-only and too short names after normalising', () => {
    expect(refusal('      ')).toBe('usernameRequired');
    expect(refusal('  ab  ')).toBe('usernameLength');
    expect(refusal('ａｂｃ')).toBe('usernameLength');
  });

  it('isSingleScript ignores digits and punctuation', () => {
    expect(isSingleScript('r2-d2')).toBe(true);
    expect(isSingleScript('Вася2000')).toBe(true);
    expect(isSingleScript('Васяa')).toBe(false);
  });

  it('usernameKey folds Unicode case, width and look-alike letters to one key', () => {
    expect(usernameKey('ассеss')).toBe('access'); // all Cyrillic
    expect(usernameKey('ΑΒΕ')).toBe('abe'); // Greek capitals fold to α β ε
    expect(usernameKey('рор_123')).toBe('pop_123');
    expect(usernameKey('аdmіn')).toBe(usernameKey('ADMIN'));
    expect(usernameKey('Ärger')).toBe(usernameKey('ärger')); // SQLite's lower() would keep Ä
    expect(usernameKey('ＡＬＩＣＥ  Ｂ')).toBe('alice b');
    expect(usernameKey('Вася')).toBe('bacя'); // в and с have Latin twins; я keeps the key apart from any Latin name
    expect(usernameKey('ΣΟΦΟΣ')).toBe(usernameKey('σοφος'));
  });
});
