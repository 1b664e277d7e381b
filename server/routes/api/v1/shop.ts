import fs from 'node:fs';
import path from 'node:path';

import { normalizeIP } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { DataEnvelope, ErrorBody, Id, IdParams } from '../../../../contract/envelope.ts';
import { LanguageSchema } from '../../../../contract/envelope.ts';
import type { Language } from '../../../../contract/languages.ts';
import { API } from '../../../../contract/paths.ts';
import { CostShopBody, CryptoParams, CryptoQuoteBody, PaymentParams } from '../../../../contract/payments.ts';
import { PackRestored } from '../../../../contract/shop.ts';
import { notFound, unauthorized } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { restorePackFolder } from '../../../modules/shop/pack-folders.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { costLimit, cryptoQuoteLimit, writeLimit } from '../../../plugins/limits.ts';

const VideoLinkQuery = Type.Object({
  user: Type.Optional(Id),
  expires: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999_999 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
  /** The voice: the lesson's video spoken in this language and its poster and captions (English by default). */
  lang: Type.Optional(LanguageSchema),
});
type VideoLinkQuery = Static<typeof VideoLinkQuery>;

/** A presigned lesson link outlives a lesson's length with room to pause, and no longer. */
const LESSON_LINK_SECONDS = 15 * 60;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const costErrors = { ...errors, 429: ErrorBody };
const quoteErrors = { ...costErrors, 409: ErrorBody };

export const shopRoutes: RoutePlugin = async (app) => {
  const { payments, shop, config, media } = app.services;
  const tags = ['shop'];
  // A cost call may open a card order: COST_RATE_LIMIT a minute per user over both routes.
  const costing = { preValidation: [requireUser, costLimit(app)] };

  app.get(
    API.shop.costPremium,
    { ...costing, schema: { tags, response: { 200: DataEnvelope(PaymentParams), ...costErrors } } },
    async (request) => ({
      data: await payments.cost(currentUser(request), {
        payForPremium: true,
        packageId: null,
        products: [],
        videoCourses: [],
      }),
    }),
  );

  app.post(
    API.shop.costShop,
    {
      ...costing,
      schema: { tags, body: CostShopBody, response: { 200: DataEnvelope(PaymentParams), ...costErrors } },
    },
    async (request) => ({
      data: await payments.cost(currentUser(request), {
        payForPremium: false,
        packageId: request.body.package_id,
        products: request.body.products,
        videoCourses: request.body.video_courses,
      }),
    }),
  );

  // One coin's exact amount, asked when the buyer picks it; the body is that method's manual_payments_params from
  // the cost answer, so the quote names exactly what the claim will. New quotes also draw on QuoteBudget.
  app.post(
    API.shop.cryptoQuote,
    {
      preValidation: [requireUser, cryptoQuoteLimit(app)],
      schema: { tags, body: CryptoQuoteBody, response: { 200: DataEnvelope(CryptoParams), ...quoteErrors } },
    },
    async (request) => ({
      data: await payments.cryptoQuote(currentUser(request), request.body, normalizeIP(request.ip)),
    }),
  );

  app.post(
    API.shop.restorePack,
    {
      preValidation: [requireUser, writeLimit(app)],
      schema: {
        tags,
        description:
          'Puts the ready-made folder of a strategy pack the caller bought back in their library after they deleted ' +
          'it; a second call finds it there (restored: false). 404: not a pack the caller owns.',
        params: IdParams,
        response: { 200: DataEnvelope(PackRestored), ...quoteErrors },
      },
    },
    async (request) => ({
      data: await restorePackFolder(
        app.services.db,
        app.services.writes,
        currentUser(request),
        request.params.id,
      ),
    }),
  );

  // Bearer or a signed link (from the product page's video_url): a <video> element cannot send headers. The files
  // go out through @fastify/static's send, which answers byte ranges (206/416), so players can seek.
  const videos = path.resolve(config.mediaDir, 'videos');
  fs.mkdirSync(videos, { recursive: true });
  // reply.sendFile for this scope only, with no public route: lessons are checked for ownership first.
  await app.register(fastifyStatic, { root: videos, serve: false, cacheControl: false });

  const serveLessonFile = async (
    request: FastifyRequest<{ Params: { id: number }; Querystring: VideoLinkQuery }>,
    reply: FastifyReply,
    part: 'video' | 'poster' | Language,
  ) => {
    const user = request.user ?? (await shop.userFromVideoLink(request.params.id, request.query));
    if (!user) throw unauthorized();
    const candidates = await shop.lessonFiles(user, request.params.id, part, request.query.lang ?? 'en-US');
    // The first of the lesson's files that is stored: the voice asked for, else English.
    let file: string | null = null;
    for (const candidate of candidates.map((name) => path.basename(name))) {
      const stored =
        media.kind === 's3'
          ? await media.exists(`videos/${candidate}`)
          : Boolean((await fs.promises.stat(path.join(videos, candidate)).catch(() => null))?.isFile());
      if (stored) {
        file = candidate;
        break;
      }
    }
    if (!file) throw notFound();
    // Shared object storage: a short-lived presigned link, so the store streams (and answers ranges) itself.
    const presigned = await media.presignedUrl(`videos/${file}`, LESSON_LINK_SECONDS);
    if (presigned) return reply.header('cache-control', 'private, no-store').redirect(presigned);
    // Signed links are per user: private caching only.
    reply.header('cache-control', 'private, max-age=3600');
    return reply.sendFile(file);
  };

  app.get(
    API.shop.lessonVideo,
    { schema: { tags, params: IdParams, querystring: VideoLinkQuery, response: errors } },
    (request, reply) => serveLessonFile(request, reply, 'video'),
  );
  app.get(
    API.shop.lessonPoster,
    { schema: { tags, params: IdParams, querystring: VideoLinkQuery, response: errors } },
    (request, reply) => serveLessonFile(request, reply, 'poster'),
  );
  app.get(
    API.shop.lessonCaptions,
    {
      schema: {
        tags,
        params: Type.Object({ id: Id, language: LanguageSchema }),
        querystring: VideoLinkQuery,
        response: errors,
      },
    },
    (request, reply) => serveLessonFile(request, reply, request.params.language),
  );
};
