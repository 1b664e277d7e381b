/**
 * CSV as RFC 4180 writes it (CRLF lines, fields quoted when they hold a comma, a quote or a line break), for files a
 * player opens in a spreadsheet. A text field starting with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * written with a leading `'` (OWASP's advice against formula injection): a range named `=HYPERLINK(...)` shows as
 * text, and is never run by the spreadsheet. Numbers are written as they are.
 */
export type CsvValue = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** The header line, then one line per row, each row read in the header's order. */
export async function* csvRows<T extends Record<string, CsvValue>>(
  header: ReadonlyArray<keyof T & string>,
  rows: AsyncIterable<T> | Iterable<T>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const row of rows) yield csvLine(header.map((column) => row[column] ?? null));
}
