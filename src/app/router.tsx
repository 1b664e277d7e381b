import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { Layout } from './components/layout';
import { RequireUser } from './routes/guards';
import { AuthRoute, NotFound, ProductRoute, ProfileRoute, StoreRoute } from './routes/pages';
import { RangePage } from './routes/range-page';
import { RouteError } from './routes/route-error';

// The admin area is for a handful of people: it loads on demand.
const AdminPage = lazy(async () => ({
  default: (await import('@/features/admin/components/admin-page')).AdminPage,
}));

/** Every page gets its own error boundary, so one page failing leaves the header, footer and other pages alive. */
export const withErrorBoundaries = (pages: RouteObject[]): RouteObject[] =>
  pages.map((route) => ({ ...route, errorElement: <RouteError /> }));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // The last resort when the layout itself fails.
    errorElement: <RouteError />,
    children: withErrorBoundaries([
      { path: '/', element: <RangePage rootType="preflop_root" /> },
      { path: '/tournament', element: <RangePage rootType="tournament_root" /> },
      { path: '/store', element: <StoreRoute /> },
      { path: '/store/:productId', element: <ProductRoute /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/auth/register', element: <AuthRoute mode="register" /> },
      { path: '/auth/register/:referralToken', element: <AuthRoute mode="register" /> },
      { path: '/auth/login', element: <AuthRoute mode="login" /> },
      { path: '/auth/restore', element: <AuthRoute mode="restore" /> },
      {
        path: '/admin',
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
      { path: '*', element: <NotFound /> },
    ]),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
