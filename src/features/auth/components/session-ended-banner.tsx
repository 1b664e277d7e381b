import './session-ended-banner.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import { endedSessionAtom } from '@/lib/session';
import { useAtomValue } from '@/lib/store';

import { LoginForm } from './login-form';

/**
 * Shown while the server has ended the page's session (signed out elsewhere, password changed, expired), not after
 * the player's own sign-out. The sign-in opens here, over the page, so the range tool stays as it is: the same
 * range open, and the edits held for the account sent once it is back (a sign-in as anyone else leaves them held).
 */
export function SessionEndedBanner() {
  const { t } = useTranslation();
  const ended = useAtomValue(endedSessionAtom);
  const [signingIn, setSigningIn] = useState(false);
  if (!ended) return null;
  return (
    <section className="session-ended" aria-label={t('auth:sessionEnded.label')} data-testid="session-ended">
      <p className="session-ended__text" role="status">
        {t('auth:sessionEnded.text')}
      </p>
      <button
        type="button"
        className="button button--primary session-ended__button"
        onClick={() => setSigningIn(true)}
      >
        {t('auth:sessionEnded.signIn')}
      </button>
      <Popup open={signingIn} title={t('auth:login.title')} onClose={() => setSigningIn(false)} width={550}>
        <LoginForm onDone={() => setSigningIn(false)} />
      </Popup>
    </section>
  );
}
