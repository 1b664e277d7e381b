import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { routes } from './router';
import { type RouteHandle, useDocumentTitle } from './use-document-title';

function Shell() {
  useDocumentTitle();
  return <Outlet />;
}

const tree = (handles: Record<string, RouteHandle | undefined>) => [
  {
    element: <Shell />,
    children: Object.entries(handles).map(([path, handle]) => ({ path, handle, element: <p>{path}</p> })),
  },
];

describe('document title per route', () => {
  it('names the page in the interface language and follows navigation', async () => {
    const router = createMemoryRouter(
      tree({
        '/store': { title: 'common:nav.store' },
        '/auth/login': { title: 'auth:tabs.login' },
        '/bare': undefined,
      }),
      { initialEntries: ['/store'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Ranges store · RangeForge');
    await act(() => router.navigate('/auth/login'));
    expect(document.title).toBe('Log in · RangeForge');
    await act(() => i18n.changeLanguage('es-ES'));
    expect(document.title).toBe(`${i18n.t('auth:tabs.login')} · RangeForge`);
    expect(document.title).not.toBe('Log in · RangeForge');
    await act(() => i18n.changeLanguage('en-US'));
    await act(() => router.navigate('/bare'));
    expect(document.title).toBe('RangeForge');
  });

  it('gives every page of the app a title', () => {
    const pages = routes[0]?.children ?? [];
    expect(pages.length).toBeGreaterThan(8);
    for (const page of pages) {
      const title = (page.handle as RouteHandle | undefined)?.title;
      expect(title, page.path).toBeTruthy();
      expect(i18n.exists(title as string), title).toBe(true);
    }
  });
});
