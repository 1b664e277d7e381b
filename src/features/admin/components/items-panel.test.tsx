import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import type { AdminPackage } from '@contract/admin';

import { emptyItem, toItemBody, validateItem } from './items-panel';
import { ItemsPanel } from './items-panel';

const admin = { ...testUser, is_admin: true };

const catalogue: AdminPackage = {
  id: 2,
  name: 'Tournament push/fold',
  description: 'Short stacks.',
  translations: { 'ru-RU': { name: 'Турнирный пуш/фолд', description: 'Короткие стеки.' } },
  items: [
    {
      id: 5,
      type: 'video_course',
      name: 'Short-stack play',
      description: 'Three lessons.',
      translations: {
        'ru-RU': { name: 'Игра коротким стеком', description: 'Три урока.' },
        'zh-CN': { name: '短筹码打法', description: '' },
      },
      price_usd: 39,
      price_rub: 3090,
      published: false,
      owners: 0,
      lessons: [
        {
          id: 8,
          title: 'The push chart',
          translations: { 'ru-RU': 'Чарт олл-ина' },
          position: 0,
          has_video: true,
        },
      ],
    },
  ],
};

/** The admin's store items over one package; every POST is answered ok and kept. */
function renderItems() {
  const posts: Array<{ url: string; body: unknown }> = [];
  const spy = mockFetch((url, init) => {
    if (init.method === 'POST') {
      posts.push({ url, body: requestBody(init) });
      return { body: { data: { ok: true, id: 9, package_id: 2 } } };
    }
    if (url.startsWith('/api/v1/admin/items'))
      return { body: { data: { total: 1, page: 1, per_page: 10, list: [catalogue] } } };
    return undefined;
  });
  renderApp(<ItemsPanel />, { user: admin });
  return { posts, spy };
}

describe('store items in four languages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits an item’s name and description in every language and sends the languages with a name', async () => {
    const user = userEvent.setup();
    const { posts } = renderItems();
    const row = await screen.findByRole('listitem', { name: 'Short-stack play' });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = within(row).getByRole('form', { name: 'Edit' });
    expect(within(form).getByLabelText('Name in Русский')).toHaveValue('Игра коротким стеком');
    expect(within(form).getByLabelText('Name in 中文')).toHaveValue('短筹码打法');
    expect(within(form).getByLabelText('Name in Español')).toHaveValue('');
    await user.type(within(form).getByLabelText('Name in Español'), 'Juego con stack corto');
    await user.clear(within(form).getByLabelText('Name in 中文'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/v1/admin/items/5',
      body: {
        type: 'video_course',
        name: 'Short-stack play',
        description: 'Three lessons.',
        price_usd: 39,
        price_rub: 3090,
        package_id: 2,
        translations: {
          'ru-RU': { name: 'Игра коротким стеком', description: 'Три урока.' },
          'es-ES': { name: 'Juego con stack corto', description: '' },
        },
      },
    });
  });

  it('stops a translated description without its name before sending', async () => {
    const user = userEvent.setup();
    const { posts } = renderItems();
    const form = await screen.findByRole('form', { name: 'Add an item' });
    await user.type(within(form).getByLabelText('Name (English)'), 'ICM drills');
    await user.type(within(form).getByLabelText('Price, USD'), '9');
    await user.type(within(form).getByLabelText('Price, RUB'), '700');
    await user.type(within(form).getByLabelText('Description in Español'), 'Ejercicios de ICM');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await within(form).findByText('Give this language a name too, or clear its description'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('renames the package and a lesson in the other languages', async () => {
    const user = userEvent.setup();
    const { posts } = renderItems();
    await user.click(await screen.findByRole('button', { name: 'Edit package Tournament push/fold' }));
    const packageForm = screen.getByRole('form', { name: 'Edit package' });
    expect(within(packageForm).getByLabelText('Name in Русский')).toHaveValue('Турнирный пуш/фолд');
    await user.type(within(packageForm).getByLabelText('Name in 中文'), '锦标赛全下/弃牌');
    await user.click(within(packageForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/v1/admin/packages/2',
      body: {
        name: 'Tournament push/fold',
        description: 'Short stacks.',
        translations: {
          'ru-RU': { name: 'Турнирный пуш/фолд', description: 'Короткие стеки.' },
          'zh-CN': { name: '锦标赛全下/弃牌', description: '' },
        },
      },
    });

    const row = screen.getByRole('listitem', { name: 'Short-stack play' });
    await user.click(within(row).getByRole('button', { name: 'Lessons' }));
    await user.click(within(row).getByRole('button', { name: 'Edit the title of The push chart' }));
    const titleForm = within(row).getByRole('form', { name: 'Edit title' });
    expect(within(titleForm).getByLabelText('Title in Русский')).toHaveValue('Чарт олл-ина');
    await user.type(within(titleForm).getByLabelText('Title in Español'), 'La tabla de all-in');
    await user.click(within(titleForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({
      url: '/api/v1/admin/lessons/8',
      body: {
        title: 'The push chart',
        translations: { 'ru-RU': 'Чарт олл-ина', 'es-ES': 'La tabla de all-in' },
      },
    });
  });

  it('keeps translations out of the body when no language has a name', () => {
    const draft = { ...emptyItem(), name: 'A', price_usd: '1', price_rub: '1' };
    expect(validateItem(draft)).toEqual({});
    expect(toItemBody(draft).translations).toEqual({});
  });
});
