import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useIncomingCount } from '@/lib/incoming-count';

/** The bell: +N incoming strategies (polled every 10 s while signed in); leads to /profile#strategy. */
export function NotificationBell({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const count = useIncomingCount(signedIn);
  return (
    <Link
      to={{ pathname: '/profile', hash: '#strategy' }}
      className="header-button bell"
      aria-label={count > 0 ? t('common:header.bellCount', { count }) : t('common:header.bell')}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6zm-2.2 15a2.3 2.3 0 0 0 4.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="bell__label">{t('common:header.bell')}</span>
      {count > 0 && (
        <span className="bell__count" data-testid="bell-count">
          +{count}
        </span>
      )}
    </Link>
  );
}
