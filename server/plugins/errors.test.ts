import { describe, expect, it } from 'vitest';

import { validationMessage } from './errors.ts';

describe('validation messages', () => {
  it('maps a missing field to its "required" text', () => {
    const issue = { keyword: 'required', instancePath: '', params: { missingProperty: 'email' } };
    expect(validationMessage([issue], 'body')).toEqual({ error: 'Email is required', code: 'emailRequired' });
  });

  it('maps an empty string (minLength 1) to "required" and a wrong value to "invalid"', () => {
    const empty = { keyword: 'minLength', instancePath: '/login', params: { limit: 1 } };
    expect(validationMessage([empty], 'body').code).toBe('loginRequired');
    const short = { keyword: 'minLength', instancePath: '/username', params: { limit: 4 } };
    expect(validationMessage([short], 'body').code).toBe('usernameLength');
    const color = { keyword: 'pattern', instancePath: '/pairs/0/colors/1/color', params: {} };
    expect(validationMessage([color], 'body').code).toBe('invalidColor');
    const side = { keyword: 'pattern', instancePath: '/sides/villain/1', params: {} };
    expect(validationMessage([side], 'body').code).toBe('invalidColor');
    const combo = { keyword: 'pattern', instancePath: '/pairs/3/excluded/0', params: {} };
    expect(validationMessage([combo], 'body').code).toBe('invalidCombo');
  });

  it('names the field for everything else', () => {
    const issue = { keyword: 'type', instancePath: '/parent_id', message: 'must be integer', params: {} };
    expect(validationMessage([issue], 'body')).toEqual({
      error: 'Invalid request: body.parent_id must be integer',
      code: 'invalidRequest',
    });
  });
});
