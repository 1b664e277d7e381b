// Range text the engine cannot read, through the real wasm build: the facade says what is wrong (a code), which
// token and where it stands in the text as JavaScript counts it, and the engine client turns that into an Error
// that keeps it all, across the worker boundary, with the message the app gives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineClient } from '../../src/engine/engine.client.ts';
import { createEngineApi, type EngineApi } from '../../src/engine/engine-api.ts';
import { loadEquityWasm } from '../../src/engine/node/load-wasm.ts';
import { createNodeEngineWorker } from '../../src/engine/node/node-engine-client.ts';
import { RangeTextError, type RangeTextIssue } from '../../src/engine/range-text-error.ts';

let api: EngineApi;
let pool: EngineClient;

beforeAll(async () => {
  api = createEngineApi(await loadEquityWasm());
  pool = new EngineClient({
    size: 1,
    idleTimeoutMs: 5_000,
    createWorker: createNodeEngineWorker,
    rangeTextMessage: (issue) => `[${issue.code}] ${issue.token} @${issue.index + 1}`,
  });
});

afterAll(() => pool.terminate());

/** What the facade throws for `text`. */
function issueOf(text: string): RangeTextIssue {
  try {
    api.parseRange(text);
  } catch (thrown) {
    return thrown as RangeTextIssue;
  }
  throw new Error(`"${text}" was read`);
}

describe('range text the engine cannot read', () => {
  it('throws the problem, the token and its place, which slices the token out of the text', () => {
    const cases: Array<[string, RangeTextIssue['code'], string]> = [
      ['QQ+, AKs KJo : abc', 'weight_not_number', 'KJo : abc'],
      ['AA, QQ++', 'expected_suitedness', 'QQ++'],
      ['KJo:1.5', 'weight_out_of_range', 'KJo:1.5'],
      ['AA,:0.5', 'missing_hand', ':0.5'],
      ['TT - A5s', 'span_ends', 'TT - A5s'],
      ['AhAh', 'same_card_twice', 'AhAh'],
      ['KK, AAs', 'suited_pair', 'AAs'],
      ['22+, ZZ', 'unknown_rank', 'ZZ'],
      // Characters outside the basic plane count two UTF-16 units, as JavaScript strings do.
      ['😀😀, QQ, A😀s', 'unknown_rank', '😀😀'],
      ['QQ, 😀 AKx', 'expected_class', '😀'],
      ['Ä K, QQ', 'expected_class', 'Ä'],
    ];
    for (const [text, code, written] of cases) {
      const issue = issueOf(text);
      expect(issue.code, text).toBe(code);
      expect(text.slice(issue.index, issue.index + issue.length), text).toBe(written);
      expect(issue.token, text).toBe(written.replace(/\s+/g, ''));
      expect(issue.message, text).toContain(`"${issue.token}"`);
    }
    expect(issueOf('QQ, 😀 AKx').index).toBe(4);
    expect(issueOf('AA, A😀s').length).toBe(4);
  });

  it('reaches the caller through a worker as a RangeTextError with the message the app words', async () => {
    const failure = await pool.parseRange('AA, KJo : abc').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RangeTextError);
    expect(failure).toMatchObject({
      code: 'weight_not_number',
      token: 'KJo:abc',
      index: 4,
      length: 9,
      message: '[weight_not_number] KJo:abc @5',
    });
    // Any other failure stays as it was.
    await expect(pool.rangeToNotation(new Float32Array(3))).rejects.not.toBeInstanceOf(RangeTextError);
  });
});
