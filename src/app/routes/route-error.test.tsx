import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';

import { routes, withErrorBoundaries } from '../router';

let failing = true;
function FlakyPage() {
  if (failing) throw new Error('render failed');
  return <p>page content</p>;
}

function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav>site header</nav>
            <Outlet />
          </>
        ),
        children: withErrorBoundaries([
          { path: '/', element: <FlakyPage /> },
          { path: '/other', element: <p>other page</p> },
        ]),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

afterEach(() => {
  failing = true;
  vi.restoreAllMocks();
});

describe('route error boundaries', () => {
  it('gives every page of the app its own boundary', () => {
    const pages = routes[0]?.children ?? [];
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(page.errorElement, page.path).toBeTruthy();
  });

  it('shows a translated fallback in place of a failing page, keeps the layout, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoutes('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page failed to load');
    expect(screen.getByText('site header')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the other pages working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderRoutes('/');
    await screen.findByRole('alert');
    await router.navigate('/other');
    expect(await screen.findByText('other page')).toBeInTheDocument();
  });
});
