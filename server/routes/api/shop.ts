import { DataEnvelope, ErrorBody, IdParams, PAGE_SIZE } from '../../../contract/envelope.ts';
import { API } from '../../../contract/paths.ts';
import { LanguageQuery, ProductPage, ShopPage, ShopQuery } from '../../../contract/shop.ts';
import { sendCached, serializer } from '../../lib/cached-body.ts';
import type { RoutePlugin } from '../../lib/type-provider.ts';
import { storeLanguage } from '../../modules/shop/shop.service.ts';

/**
 * The public store (SPEC §7 puts it under /api/shop, without /v1). Signed-in callers see prices in their currency;
 * names, descriptions and lesson titles come in the language of `lang` (the answer says which in Content-Language).
 * Answers come from memory with a validator (ETag), already compressed (`compress: false`: not again per request).
 */
export const shopPublicRoutes: RoutePlugin = async (app) => {
  const { shop } = app.services;
  const tags = ['shop'];

  app.get(
    API.shop.list,
    {
      compress: false,
      schema: { tags, querystring: ShopQuery, response: { 200: DataEnvelope(ShopPage), 400: ErrorBody } },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = PAGE_SIZE, lang } = request.query;
      const language = storeLanguage(lang, request.user);
      reply.header('content-language', language);
      const body = await shop.listBody(request.user, language, page, perPage, serializer(reply));
      return sendCached(request, reply, body, request.user ? 'private' : 'public');
    },
  );

  app.get(
    API.shop.product,
    {
      compress: false,
      schema: {
        tags,
        params: IdParams,
        querystring: LanguageQuery,
        response: { 200: DataEnvelope(ProductPage), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const language = storeLanguage(request.query.lang, request.user);
      reply.header('content-language', language);
      const body = await shop.productBody(request.user, language, request.params.id, serializer(reply));
      return sendCached(request, reply, body, request.user ? 'private' : 'public');
    },
  );
};
