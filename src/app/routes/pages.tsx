import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { type AuthMode, AuthPage } from '@/features/auth/components/auth-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { ProductPage } from '@/features/shop/components/product-page';
import { StoreList } from '@/features/shop/components/store-list';
import { TrainerSummaryCard } from '@/features/trainer/components/trainer-summary';
import { forgetVisitReferral, visitReferral } from '@/lib/visit-referral';

import { RequireUser } from './guards';

export function AuthRoute({ mode }: { mode: AuthMode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { referralToken } = useParams();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <AuthPage
      mode={mode}
      // A visit through a public chart in this tab credits its owner when the sign-up comes from elsewhere.
      referralToken={referralToken ?? visitReferral()}
      onModeChange={(next) => navigate(`/auth/${next}`)}
      onSignedIn={() => {
        forgetVisitReferral();
        navigate(from ?? '/', { replace: true });
      }}
    />
  );
}

export function ProfileRoute() {
  const { hash } = useLocation();
  return (
    <RequireUser>
      {(user) => (
        <>
          <ProfilePage user={user} hash={hash} />
          <TrainerSummaryCard />
        </>
      )}
    </RequireUser>
  );
}

export function StoreRoute() {
  const navigate = useNavigate();
  return <StoreList onSignIn={() => navigate('/auth/login', { state: { from: '/store' } })} />;
}

export function ProductRoute() {
  const navigate = useNavigate();
  const { productId } = useParams();
  const id = Number(productId);
  if (!Number.isInteger(id) || id < 1) return <NotFound />;
  return (
    <ProductPage
      key={id}
      productId={id}
      onSignIn={() => navigate('/auth/login', { state: { from: `/store/${id}` } })}
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="card not-found">
      <h1>{t('common:notFound.title')}</h1>
      <p className="muted">{t('common:notFound.text')}</p>
      <Link className="button button--primary" to="/">
        {t('common:notFound.home')}
      </Link>
    </section>
  );
}
