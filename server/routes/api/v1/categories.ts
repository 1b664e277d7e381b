import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

import {
  AcceptBody,
  AcceptConflictBody,
  AcceptResponse,
  Category,
  CreateCategoryBody,
  IncomingCompare,
  IncomingPage,
  Pair,
  RangeConflictBody,
  RangeQuery,
  ShareBody,
  ShareResponse,
  TreeNode,
  TreeQuery,
  TreeResponse,
  UpdateCategoryBody,
} from '../../../../contract/categories.ts';
import { DataEnvelope, ErrorBody, IdParams, Ok, PAGE_SIZE, Paging } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { writeLimit } from '../../../plugins/limits.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  402: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

async function emptyBody(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

export const categoryRoutes: RoutePlugin = async (app) => {
  const { categories, shares } = app.services;
  const tags = ['categories'];
  const guarded = { preValidation: requireUser };
  // Every write shares one per-user budget (WRITE_RATE_LIMIT a minute): no script fills a library in seconds.
  const writing = { preValidation: [requireUser, writeLimit(app)] };
  app.addSchema(TreeNode);

  app.get(
    API.categories.tree,
    {
      ...guarded,
      schema: { tags, querystring: TreeQuery, response: { 200: DataEnvelope(TreeResponse), ...errors } },
    },
    async (request) => ({ data: await categories.tree(currentUser(request), request.query.root_type) }),
  );

  app.get(
    API.categories.range,
    {
      ...guarded,
      schema: { tags, querystring: RangeQuery, response: { 200: DataEnvelope(Type.Array(Pair)), ...errors } },
    },
    async (request) => ({ data: await categories.range(currentUser(request), request.query) }),
  );

  app.post(
    API.categories.root,
    {
      ...writing,
      schema: { tags, body: CreateCategoryBody, response: { 200: DataEnvelope(Category), ...errors } },
    },
    async (request) => ({ data: await categories.create(currentUser(request), request.body) }),
  );

  app.post(
    API.categories.share,
    {
      ...writing,
      schema: { tags, body: ShareBody, response: { 200: DataEnvelope(ShareResponse), ...errors } },
    },
    async (request) => ({ data: { shared: await shares.share(currentUser(request), request.body) } }),
  );

  app.get(
    API.categories.incoming,
    {
      ...guarded,
      schema: { tags, querystring: Paging, response: { 200: DataEnvelope(IncomingPage), ...errors } },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: await shares.incoming(currentUser(request), page, perPage) };
    },
  );

  app.get(
    API.categories.incomingCount,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(Type.Integer()), ...errors } } },
    async (request) => ({ data: await shares.count(currentUser(request)) }),
  );

  app.get(
    API.categories.incomingRange,
    {
      ...guarded,
      schema: { tags, params: IdParams, response: { 200: DataEnvelope(Type.Array(Pair)), ...errors } },
    },
    async (request) => ({ data: await shares.preview(currentUser(request), request.params.id) }),
  );

  app.get(
    API.categories.incomingCompare,
    {
      ...guarded,
      schema: { tags, params: IdParams, response: { 200: DataEnvelope(IncomingCompare), ...errors } },
    },
    async (request) => ({ data: await shares.compare(currentUser(request), request.params.id) }),
  );

  app.post(
    API.categories.incomingAccept,
    {
      // A call without a body agrees to lose nothing (a Premium player's accept needs no more): it is validated
      // as the empty object.
      preValidation: [...writing.preValidation, emptyBody],
      schema: {
        tags,
        params: IdParams,
        body: AcceptBody,
        response: { 200: DataEnvelope(AcceptResponse), ...errors, 409: AcceptConflictBody },
      },
    },
    async (request) => ({
      data: await shares.accept(currentUser(request), request.params.id, request.body?.replaces ?? null),
    }),
  );

  app.post(
    API.categories.incomingReject,
    { ...writing, schema: { tags, params: IdParams, response: { 200: DataEnvelope(Ok), ...errors } } },
    async (request) => {
      await shares.reject(currentUser(request), request.params.id);
      return { data: { ok: true } };
    },
  );

  app.get(
    API.categories.byId,
    { ...guarded, schema: { tags, params: IdParams, response: { 200: DataEnvelope(Category), ...errors } } },
    async (request) => ({ data: await categories.get(currentUser(request), request.params.id) }),
  );

  app.post(
    API.categories.byId,
    {
      ...writing,
      schema: {
        tags,
        params: IdParams,
        body: UpdateCategoryBody,
        response: { 200: DataEnvelope(Category), ...errors, 409: RangeConflictBody },
      },
    },
    async (request) => ({
      data: await categories.update(currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    API.categories.byId,
    { ...writing, schema: { tags, params: IdParams, response: { 200: DataEnvelope(Ok), ...errors } } },
    async (request) => {
      await categories.remove(currentUser(request), request.params.id);
      return { data: { ok: true } };
    },
  );

  const single = {
    ...writing,
    schema: { tags, params: IdParams, response: { 200: DataEnvelope(Category), ...errors } },
  };
  app.post(API.categories.createFromTemplate, single, async (request) => ({
    data: await categories.createFromTemplate(currentUser(request), request.params.id),
  }));
  app.post(API.categories.copyUp, single, async (request) => ({
    data: await categories.copy(currentUser(request), request.params.id, 'up'),
  }));
  app.post(API.categories.copyDown, single, async (request) => ({
    data: await categories.copy(currentUser(request), request.params.id, 'down'),
  }));
  app.post(API.categories.moveUp, single, async (request) => ({
    data: await categories.move(currentUser(request), request.params.id, 'up'),
  }));
  app.post(API.categories.moveDown, single, async (request) => ({
    data: await categories.move(currentUser(request), request.params.id, 'down'),
  }));
};
