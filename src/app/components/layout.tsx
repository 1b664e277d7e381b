import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';

import { Toaster } from '@/components/toaster';
import { SessionEndedBanner } from '@/features/auth/components/session-ended-banner';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { ConflictDialog } from '@/features/range-tool/saving/components/conflict-dialog';
import { RangeGoneDialog } from '@/features/range-tool/saving/components/gone-dialog';
import { rangeSaver } from '@/features/range-tool/saving/range-saver';
import { PaymentHost } from '@/features/shop/components/payment-host';

import { useDocumentTitle } from '../use-document-title';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common:skip')}
      </a>
      <Header />
      <OfflineBanner beforeReload={rangeSaver.flush} />
      <SessionEndedBanner />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <PaymentHost />
      <ConflictDialog />
      <RangeGoneDialog />
      <Toaster />
    </div>
  );
}
