import './offline-banner.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';
import { useAtomValue } from '@/lib/store';

import { onlineAtom, pendingUpdateAtom } from '../atoms';

export interface OfflineBannerProps {
  /** Sends or holds every unsaved edit before the new version reloads the page. */
  beforeReload: () => Promise<unknown>;
}

/**
 * Says when the app runs without a connection (charts from this device, edits held and synced later) and offers a
 * waiting new version; the reload happens only on the player's click, after the edits are saved or held.
 */
export function OfflineBanner({ beforeReload }: OfflineBannerProps) {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const session = useSession();
  const update = useAtomValue(pendingUpdateAtom);
  const [reloading, setReloading] = useState(false);
  const offline = !online || Boolean(session.offline);
  if (!offline && !update) return null;

  const reload = async () => {
    if (!update) return;
    setReloading(true);
    await beforeReload().catch(() => undefined);
    await update.apply();
  };

  return (
    <section className="offline-banner" aria-label={t('offline:banner.label')} data-testid="offline-banner">
      {offline ? (
        <p className="offline-banner__text" role="status" data-testid="offline-notice">
          {t('offline:banner.offline')}
        </p>
      ) : null}
      {update ? (
        <p className="offline-banner__text offline-banner__update" role="status">
          <span>{reloading ? t('offline:update.saving') : t('offline:update.available')}</span>
          <button
            type="button"
            className="button button--primary offline-banner__button"
            disabled={reloading}
            onClick={() => void reload()}
          >
            {t('offline:update.reload')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
