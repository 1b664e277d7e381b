import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';

import { LoadingState } from '@/components/async-state';
import { type SessionUser, useSession } from '@/lib/session';

/** Renders children with the signed-in user; signed-out visitors go to the login tab. */
export function RequireUser({
  children,
  admin,
}: {
  children: (user: SessionUser) => ReactNode;
  admin?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingState />;
  if (!session.user)
    return (
      <Navigate
        to="/auth/login"
        replace
        state={{ from: location.pathname + location.search + location.hash }}
      />
    );
  if (admin && !session.user.is_admin) {
    return (
      <p className="state state--error" role="alert">
        {t('errors:forbidden')}
      </p>
    );
  }
  return <>{children(session.user)}</>;
}
