import { describe, expect, it } from 'vitest';

import {
  validateConfirm,
  validateEmail,
  validateLogin,
  validatePassword,
  validateRecover,
  validateRegister,
  validateUsername,
} from './validation';

describe('auth validation (SPEC §5)', () => {
  it('checks the e-mail', () => {
    expect(validateEmail('')).toBe('emailRequired');
    expect(validateEmail('river@')).toBe('emailIncorrect');
    expect(validateEmail('river@example.com')).toBeNull();
  });

  it('checks the password length 6 to 20', () => {
    expect(validatePassword('')).toBe('passwordRequired');
    expect(validatePassword('12345')).toBe('passwordLength');
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('x'.repeat(20))).toBeNull();
    expect(validatePassword('x'.repeat(21))).toBe('passwordLength');
  });

  it('checks the username length 4 to 20', () => {
    expect(validateUsername(' ')).toBe('usernameRequired');
    expect(validateUsername('abc')).toBe('usernameLength');
    expect(validateUsername('abcd')).toBeNull();
    expect(validateUsername('a'.repeat(21))).toBe('usernameLength');
  });

  it('collects the register errors per field', () => {
    expect(validateRegister({ username: '', email: 'bad', password: '1' })).toEqual({
      username: 'usernameRequired',
      email: 'emailIncorrect',
      password: 'passwordLength',
    });
    expect(validateRegister({ username: 'river', email: 'r@e.io', password: 'secret1' })).toEqual({});
  });

  it('asks for the login (username or e-mail) and the password', () => {
    expect(validateLogin({ login: '', password: '' })).toEqual({
      login: 'loginRequired',
      password: 'passwordRequired',
    });
    expect(validateLogin({ login: 'river@example.com', password: 'x' })).toEqual({});
  });

  it('asks for the code on restore', () => {
    expect(validateRecover({ email: '' })).toEqual({ email: 'emailRequired' });
    expect(validateConfirm({ email: 'r@e.io', code: ' ', password: 'secret1' })).toEqual({
      code: 'codeRequired',
    });
  });
});
