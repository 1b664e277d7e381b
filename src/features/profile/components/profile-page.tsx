import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Tabs } from '@/components/tabs';
import { avatarUrl, type SessionUser } from '@/lib/session';
import { useAtom } from '@/lib/store';

import { type ProfileTab, profileTabAtom } from '../atoms';
import { AccountSettings } from './account-settings';
import { DataDownload } from './data-download';
import { DeleteAccount } from './delete-account';
import { PublicLinks } from './public-links';
import { PurchasesTab } from './purchases-tab';
import { ReferralLink } from './referral-link';
import { ReferralsTab } from './referrals-tab';
import { StrategiesTab } from './strategies-tab';

/** SPEC §2: #strategy opens the incoming-strategies tab. */
export const STRATEGY_HASH = '#strategy';

export interface ProfilePageProps {
  user: SessionUser;
  hash: string;
}

export function ProfilePage({ user, hash }: ProfilePageProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useAtom(profileTabAtom);

  useEffect(() => {
    setTab(hash === STRATEGY_HASH ? 'strategies' : 'purchases');
  }, [hash, setTab]);

  const items: Array<{ key: ProfileTab; label: string }> = [
    { key: 'purchases', label: t('profile:tabs.purchases') },
    { key: 'referrals', label: t('profile:tabs.referrals') },
    { key: 'strategies', label: t('profile:tabs.strategies') },
  ];

  return (
    <div className="profile">
      <section className="profile__summary card">
        <img className="avatar avatar--large" src={avatarUrl(user.avatar)} alt="" />
        <div>
          <h1 className="profile__name">{user.username}</h1>
          <p className="muted">{user.email}</p>
          <p className={`badge${user.is_premium ? ' badge--premium' : ''}`}>
            {user.is_premium ? t('profile:tier.premium') : t('profile:tier.free')}
          </p>
        </div>
      </section>
      <ReferralLink token={user.referral_token} />
      <section className="card" aria-labelledby="profile-lists-title">
        <h2 id="profile-lists-title" className="visually-hidden">
          {t('profile:tabs.label')}
        </h2>
        <Tabs
          items={items}
          active={tab}
          onChange={setTab}
          label={t('profile:tabs.label')}
          idPrefix="profile"
        />
        <div
          role="tabpanel"
          id={`profile-panel-${tab}`}
          aria-labelledby={`profile-tab-${tab}`}
          className="profile__panel"
        >
          {tab === 'purchases' && <PurchasesTab />}
          {tab === 'referrals' && <ReferralsTab />}
          {tab === 'strategies' && <StrategiesTab />}
        </div>
      </section>
      <PublicLinks />
      <section className="card" aria-labelledby="profile-settings-title">
        <h2 id="profile-settings-title" className="section-title">
          {t('profile:settings.title')}
        </h2>
        <AccountSettings user={user} />
      </section>
      <section className="card" aria-labelledby="profile-account-title">
        <h2 id="profile-account-title" className="section-title">
          {t('profile:account.title')}
        </h2>
        <div className="account-actions">
          <DataDownload />
          <DeleteAccount user={user} />
        </div>
      </section>
    </div>
  );
}
