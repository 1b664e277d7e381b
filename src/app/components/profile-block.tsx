import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { avatarUrl, type SessionUser } from '@/lib/session';

/** Avatar, nickname and e-mail; a dash and the default avatar when signed out; highlighted on /profile. */
export function ProfileBlock({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={user ? '/profile' : '/auth/login'}
      className={({ isActive }) => `profile-block${isActive && user ? ' profile-block--active' : ''}`}
    >
      <img className="avatar" src={avatarUrl(user?.avatar)} alt="" width={36} height={36} />
      {/* "Your profile", then the visible nickname and e-mail: the name contains what is seen (WCAG 2.5.3). */}
      <span className="visually-hidden">{t('common:header.profile')}</span>
      <span className="profile-block__text">
        <span className="profile-block__name">{user?.username || '—'}</span>
        <span className="profile-block__email">{user?.email || '—'}</span>
      </span>
    </NavLink>
  );
}
