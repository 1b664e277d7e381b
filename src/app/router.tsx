import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { Layout } from './components/layout';
import { RequireUser } from './routes/guards';
import { AuthRoute, NotFound, ProductRoute, ProfileRoute, StoreRoute } from './routes/pages';
import { RangePage } from './routes/range-page';
import { RouteError } from './routes/route-error';
import { TournamentPage } from './routes/tournament-page';
import type { RouteHandle } from './use-document-title';

// The admin area is for a handful of people: it loads on demand.
const AdminPage = lazy(async () => ({
  default: (await import('@/features/admin/components/admin-page')).AdminPage,
}));

// The trainer is a page of its own, loaded when first opened.
const TrainerPage = lazy(async () => ({
  default: (await import('@/features/trainer/components/trainer-page')).TrainerPage,
}));

const FlopReportPage = lazy(async () => ({
  default: (await import('@/features/range-tool/flop-report/components/flop-report-page')).FlopReportPage,
}));

const DiffPage = lazy(async () => ({
  default: (await import('@/features/range-tool/diff/components/diff-page')).DiffPage,
}));

const PrintRoute = lazy(async () => ({ default: (await import('./routes/print-route')).PrintRoute }));

// A published chart is opened by people who never saw the app: its page loads on its own.
const PublicChartRoute = lazy(async () => ({
  default: (await import('./routes/public-chart-route')).PublicChartRoute,
}));

const title = (key: RouteHandle['title']): RouteHandle => ({ title: key });

/** Every page gets its own error boundary, so one page failing leaves the header, footer and other pages alive. */
export const withErrorBoundaries = (pages: RouteObject[]): RouteObject[] =>
  pages.map((route) => ({ ...route, errorElement: <RouteError /> }));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // The last resort when the layout itself fails.
    errorElement: <RouteError />,
    children: withErrorBoundaries([
      { path: '/', element: <RangePage rootType="preflop_root" />, handle: title('common:nav.cash') },
      {
        path: '/tournament',
        element: <TournamentPage />,
        handle: title('common:nav.tournament'),
      },
      {
        path: '/flop-report',
        element: (
          <Suspense fallback={null}>
            <FlopReportPage />
          </Suspense>
        ),
        handle: title('flopReport:title'),
      },
      {
        path: '/compare',
        handle: title('diff:title'),
        element: (
          <RequireUser>
            {() => (
              <Suspense fallback={null}>
                <DiffPage />
              </Suspense>
            )}
          </RequireUser>
        ),
      },
      {
        path: '/print/:id',
        handle: title('ranges:picture.print'),
        element: (
          <RequireUser>
            {() => (
              <Suspense fallback={null}>
                <PrintRoute />
              </Suspense>
            )}
          </RequireUser>
        ),
      },
      {
        path: '/c/:link',
        handle: title('publicChart:chartLabel'),
        element: (
          <Suspense fallback={null}>
            <PublicChartRoute />
          </Suspense>
        ),
      },
      { path: '/store', element: <StoreRoute />, handle: title('common:nav.store') },
      { path: '/store/:productId', element: <ProductRoute />, handle: title('common:nav.store') },
      {
        path: '/trainer',
        handle: title('trainer:title'),
        element: (
          <RequireUser>
            {() => (
              <Suspense fallback={null}>
                <TrainerPage />
              </Suspense>
            )}
          </RequireUser>
        ),
      },
      { path: '/profile', element: <ProfileRoute />, handle: title('common:header.profile') },
      { path: '/auth/register', element: <AuthRoute mode="register" />, handle: title('auth:tabs.register') },
      {
        path: '/auth/register/:referralToken',
        element: <AuthRoute mode="register" />,
        handle: title('auth:tabs.register'),
      },
      { path: '/auth/login', element: <AuthRoute mode="login" />, handle: title('auth:tabs.login') },
      { path: '/auth/restore', element: <AuthRoute mode="restore" />, handle: title('auth:tabs.restore') },
      {
        path: '/admin',
        handle: title('admin:title'),
        element: (
          <RequireUser admin>
            {() => (
              <Suspense fallback={null}>
                <AdminPage />
              </Suspense>
            )}
          </RequireUser>
        ),
      },
      { path: '*', element: <NotFound />, handle: title('common:notFound.title') },
    ]),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
