import { describe, expect, it } from 'vitest';

import { avatarUrl, DEFAULT_AVATAR } from './session';

describe('avatarUrl (SPEC §2)', () => {
  it('uses the default image for no avatar or the bare base path', () => {
    expect(avatarUrl(null)).toBe(DEFAULT_AVATAR);
    expect(avatarUrl('')).toBe(DEFAULT_AVATAR);
    expect(avatarUrl('/media/avatars/')).toBe(DEFAULT_AVATAR);
  });

  it('appends a file name to the base, keeps full paths', () => {
    expect(avatarUrl('7-abc.webp')).toBe('/media/avatars/7-abc.webp');
    expect(avatarUrl('/media/avatars/7-abc.webp')).toBe('/media/avatars/7-abc.webp');
  });
});
