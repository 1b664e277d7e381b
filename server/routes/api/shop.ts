import { DataEnvelope, ErrorBody, IdParams, PAGE_SIZE } from '../../../contract/envelope.ts';
import { API } from '../../../contract/paths.ts';
import { ProductPage, ShopPage, ShopQuery } from '../../../contract/shop.ts';
import type { RoutePlugin } from '../../lib/type-provider.ts';

/** The public store (SPEC §7 puts it under /api/shop, without /v1). Signed-in callers see prices in their currency. */
export const shopPublicRoutes: RoutePlugin = async (app) => {
  const { shop } = app.services;
  const tags = ['shop'];

  app.get(
    API.shop.list,
    { schema: { tags, querystring: ShopQuery, response: { 200: DataEnvelope(ShopPage), 400: ErrorBody } } },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: await shop.list(request.user, page, perPage) };
    },
  );

  app.get(
    API.shop.product,
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: DataEnvelope(ProductPage), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await shop.product(request.user, request.params.id) }),
  );
};
