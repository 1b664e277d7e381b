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
  return { create, createId, tree, update, read };
}

export const names = (nodes: Array<{ name: string }>) => nodes.map((node) => node.name);
