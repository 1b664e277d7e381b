import { useTranslation } from 'react-i18next';

import { CopyButton } from '@/components/copy-button';

/** The user's referral link: the register page with their token (SPEC §2 /auth/register/<token>). */
export function referralLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/auth/register/${encodeURIComponent(token)}`;
}

export function ReferralLink({ token }: { token: string }) {
  const { t } = useTranslation();
  if (!token) return null;
  const link = referralLink(token);
  return (
    <div className="referral-link card">
      <h3 className="form__title">{t('profile:referralLink.title')}</h3>
      <p className="muted">{t('profile:referralLink.text')}</p>
      <div className="copy-field">
        <input
          className="field__input"
          readOnly
          value={link}
          aria-label={t('profile:referralLink.title')}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={link} label={t('profile:referralLink.copy')} />
      </div>
    </div>
  );
}
