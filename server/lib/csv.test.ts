import { describe, expect, it } from 'vitest';

import { csvField, csvRows } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and doubles inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(false)).toBe('false');
  });

  it('defuses text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const text of ['+1', '-2+3', '@SUM(A1)', '\tx']) expect(csvField(text)).toBe(`'${text}`);
    expect(csvField(-5)).toBe('-5');
  });

  it('writes a header and rows in the header order with CRLF line ends', async () => {
    const lines: string[] = [];
    for await (const line of csvRows(['name', 'amount'], [{ amount: 3, name: 'Pack, 1' }])) lines.push(line);
    expect(lines.join('')).toBe('name,amount\r\n"Pack, 1",3\r\n');
  });
});
