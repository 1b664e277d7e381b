import type { Me } from '../../../contract/auth.ts';
import type { Language } from '../../../contract/languages.ts';
import type { UserRow } from '../../db/schema.ts';

/** SPEC §2: the avatar is a path appended to a base URL; "/media/avatars/" alone means "no avatar". */
export const avatarPath = (file: string): string => `/media/avatars/${file}`;

export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: avatarPath(user.avatar),
    language: user.language as Language,
    is_premium: Boolean(user.is_premium),
    is_admin: Boolean(user.is_admin),
    referral_token: user.referral_token,
  };
}

export const ANONYMOUS_ME: Me = {
  id: null,
  username: '',
  email: '',
  avatar: avatarPath(''),
  language: 'en-US',
  is_premium: false,
  is_admin: false,
  referral_token: '',
};
