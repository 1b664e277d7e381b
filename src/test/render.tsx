import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { i18n, languageAtom } from '@/lib/i18n';
import { incomingCountAtom } from '@/lib/incoming-count';
import type { Language } from '@/lib/languages';
import { sessionAtom, type SessionUser } from '@/lib/session';
import { appStore, StoreProvider } from '@/lib/store';
import { toastsAtom } from '@/lib/toast';

export const testUser: SessionUser = {
  id: 7,
  username: 'river_rat',
  email: 'river@example.com',
  avatar: '/media/avatars/',
  language: 'en-US',
  is_premium: false,
  is_admin: false,
  referral_token: 'ref7token',
};

/**
 * Renders inside the app's store, i18n and a memory data router (as the app's, so useBlocker works), with a chosen
 * session.
 */
export function renderApp(
  ui: ReactElement,
  {
    user = null,
    route = '/',
    language = 'en-US',
  }: { user?: SessionUser | null; route?: string; language?: Language } = {},
): RenderResult {
  appStore.set(sessionAtom, { status: 'ready', user });
  appStore.set(toastsAtom, []);
  appStore.set(incomingCountAtom, 0);
  appStore.set(languageAtom, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  return render(
    <StoreProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })}
        />
      </I18nextProvider>
    </StoreProvider>,
  );
}

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a table of answers; unanswered requests get 404. Returns the spy to inspect calls. */
export function mockFetch(handler: Handler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init) ?? { status: 404, body: { error: 'Not found', code: 'notFound' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function requestBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
}
