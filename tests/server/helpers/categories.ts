import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { as, type Session } from './api.ts';

/**
 * Category calls shared by the library and sharing suites. The app is passed as a getter because suites create
 * it in beforeAll, after these helpers are set up.
 */
export function categoryCalls(app: () => FastifyInstance) {
  const create = (user: Session, payload: Record<string, unknown>) =>
    as(app(), user, {
      method: 'POST',
      url: '/api/v1/categories',
      payload: { root_type: 'preflop_root', kind: 'range', ...payload },
    });
  const createId = async (user: Session, payload: Record<string, unknown>) => {
    const response = await create(user, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const tree = async (user: Session, rootType = 'preflop_root') =>
    (
      await as(app(), user, { method: 'GET', url: '/api/v1/categories/tree', query: { root_type: rootType } })
    ).json().data;
  /** POST /categories/:id, the update route, as `user`. */
  const update = (user: Session, id: number, payload: Record<string, unknown>) =>
    as(app(), user, { method: 'POST', url: `/api/v1/categories/${id}`, payload });
  /** The category as `user` reads it (its `data`). */
  const read = async (user: Session, id: number) =>
    (await as(app(), user, { method: 'GET', url: `/api/v1/categories/${id}` })).json().data;
  /** `sender` shares category `id` with `receiver` (it must pass); the receiver's pending share of it. */
  const shareTo = async (sender: Session, receiver: Session, id: number) => {
    const shared = await as(app(), sender, {
      method: 'POST',
      url: '/api/v1/categories/share',
      payload: { category_id: id, user_ids: [receiver.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const list = (await as(app(), receiver, { method: 'GET', url: '/api/v1/categories/incoming' })).json()
      .data.list as Array<{ id: number; category_id: number }>;
    return list.find((entry) => entry.category_id === id)!.id;
  };
  /** Shares category `id` with `receiver` (see shareTo), who accepts it; the answer to the accept. */
  const shareAndAccept = async (sender: Session, receiver: Session, id: number) =>
    as(app(), receiver, {
      method: 'POST',
      url: `/api/v1/categories/incoming/${await shareTo(sender, receiver, id)}/accept`,
    });
  return { create, createId, tree, update, read, shareTo, shareAndAccept };
}

export const names = (nodes: Array<{ name: string }>) => nodes.map((node) => node.name);
