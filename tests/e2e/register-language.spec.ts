// The language at sign-up: a first visit follows the browser's language, and the account made on that visit
// keeps it (the register request sends the interface language), so the next session and the restore e-mail use it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppServer } from './support/app-server.ts';
import { type BrowserSession, withAppAndBrowser } from './support/browser.ts';
import { enterMailedCode } from './support/sign-up.ts';

/** The signed-in account as the server has it. */
async function me(page: Page): Promise<{ username: string; language: string }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/user', {
      headers: { Authorization: `Bearer ${localStorage.getItem('rangeforge.token')}` },
    });
    return ((await response.json()) as { data: { me: { username: string; language: string } } }).data.me;
  });
}

describe('first-visit language kept at sign-up', () => {
  const app = withAppAndBrowser();
  let server: AppServer;
  let session: BrowserSession;
  beforeAll(() => ({ server, session } = app));

  it('registers on a first visit with an es-ES browser and the account is es-ES', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'es-ES',
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/auth/register`);
    await page.getByRole('button', { name: 'Registrarse' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-ES');

    await page.getByLabel('Nombre de usuario').fill('primera_visita');
    await page.getByLabel('Correo electrónico').fill('primera@example.com');
    await page.getByLabel('Contraseña').fill('secret123');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    // The code mail is in the sign-up page's language too; its step is.
    await enterMailedCode(page, 'primera@example.com', {
      code: 'Código de confirmación',
      confirm: 'Crear cuenta',
    });
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    expect(await me(page)).toEqual(
      expect.objectContaining({ username: 'primera_visita', language: 'es-ES' }),
    );

    // A later visit on another device with an English browser signs in to the Spanish account and shows Spanish.
    const other = await session.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    const second = await other.newPage();
    await second.goto(`${server.baseUrl}/auth/login`);
    await second.getByLabel('Login or e-mail').fill('primera_visita');
    await second.getByLabel('Password', { exact: true }).fill('secret123');
    await second.getByRole('button', { name: 'Log in', exact: true }).click();
    await second.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    expect(await second.evaluate(() => document.documentElement.lang)).toBe('es-ES');
    await other.close();
    await context.close();
  });
});
