import path from 'node:path';

import { Type } from '@sinclair/typebox';

import { DataEnvelope, ErrorBody, Id, IdParams } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import { CostShopBody, PaymentParams } from '../../../../contract/payments.ts';
import { unauthorized } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { sendWithRanges } from '../../../lib/video.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';

const VideoLinkQuery = Type.Object({
  user: Type.Optional(Id),
  expires: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999_999 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const shopRoutes: RoutePlugin = async (app) => {
  const { payments, shop, config } = app.services;
  const tags = ['shop'];
  const guarded = { preValidation: requireUser };

  app.get(
    API.shop.costPremium,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(PaymentParams), ...errors } } },
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
      ...guarded,
      schema: { tags, body: CostShopBody, response: { 200: DataEnvelope(PaymentParams), ...errors } },
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

  // Bearer or a signed link (from the product page's video_url): a <video> element cannot send headers.
  app.get(
    API.shop.lessonVideo,
    { schema: { tags, params: IdParams, querystring: VideoLinkQuery, response: errors } },
    async (request, reply) => {
      const user = request.user ?? (await shop.userFromVideoLink(request.params.id, request.query));
      if (!user) throw unauthorized();
      const file = await shop.lessonVideo(user, request.params.id);
      return sendWithRanges(
        request,
        reply,
        path.join(config.mediaDir, 'videos', path.basename(file)),
        'video/mp4',
      );
    },
  );
};
