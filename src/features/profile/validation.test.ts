import { describe, expect, it } from 'vitest';

import { validatePasswordChange, validateUsername } from './validation';

describe('change password (SPEC §5)', () => {
  it('asks for every field', () => {
    expect(validatePasswordChange({ current_password: '', new_password: '', confirm_password: '' })).toEqual({
      current_password: 'currentPasswordRequired',
      new_password: 'newPasswordRequired',
      confirm_password: 'confirmPasswordRequired',
    });
  });

  it('checks the new password length and the match', () => {
    expect(
      validatePasswordChange({ current_password: 'old-one', new_password: '123', confirm_password: '123' }),
    ).toEqual({ new_password: 'passwordLength' });
    expect(
      validatePasswordChange({
        current_password: 'old-one',
        new_password: 'secret1',
        confirm_password: 'secret2',
      }),
    ).toEqual({ confirm_password: 'passwordsDoNotMatch' });
    expect(
      validatePasswordChange({
        current_password: 'old-one',
        new_password: 'secret1',
        confirm_password: 'secret1',
      }),
    ).toEqual({});
  });

  it('checks the username', () => {
    expect(validateUsername('')).toBe('usernameRequired');
    expect(validateUsername('abc')).toBe('usernameLength');
    expect(validateUsername('abcd')).toBeNull();
  });
});
