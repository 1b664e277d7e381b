import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

import { Popup } from '@/components/popup';
import { endedSessionAtom } from '@/lib/session';
import { useAtomValue } from '@/lib/store';

import { rangeSaver } from '../range-saver';

/**
 * In-app navigation away from the range tool waits until the server has every edit; when it cannot get them
 * (offline, server down) the player is asked first. The edits stay held in IndexedDB and retried either way.
 * Reloads and closing the tab are asked by the browser's own beforeunload prompt (range-saver.ts).
 */
export function LeaveGuard() {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      rangeSaver.hasPending() && currentLocation.pathname !== nextLocation.pathname,
  );
  const [asking, setAsking] = useState(false);
  // After the server ended the session it is not the connection the edits wait for, but the account's sign-in.
  const sessionEnded = useAtomValue(endedSessionAtom) !== null;

  useEffect(() => {
    if (blocker.state !== 'blocked') return undefined;
    let current = true;
    void rangeSaver.flush().then((saved) => {
      if (!current) return;
      if (saved) blocker.proceed();
      else setAsking(true);
    });
    return () => {
      current = false;
    };
  }, [blocker]);

  const stay = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.proceed();
  };

  return (
    <Popup open={asking} title={t('ranges:saving.leaveTitle')} onClose={stay} width={550}>
      <p>{t(sessionEnded ? 'ranges:saving.leaveTextSessionEnded' : 'ranges:saving.leaveText')}</p>
      <div className="range-popup-actions">
        <button type="button" className="button button--ghost" onClick={stay}>
          {t('ranges:saving.stay')}
        </button>
        <button type="button" className="button button--primary" onClick={leave}>
          {t('ranges:saving.leave')}
        </button>
      </div>
    </Popup>
  );
}
