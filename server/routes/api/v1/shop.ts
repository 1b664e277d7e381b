import path from 'node:path';

import { DataEnvelope, ErrorBody, IdParams } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import { CostShopBody, PaymentParams } from '../../../../contract/payments.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { sendWithRanges } from '../../../lib/video.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';

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

  app.get(
    API.shop.lessonVideo,
    { ...guarded, schema: { tags, params: IdParams, response: errors } },
    async (request, reply) => {
      const file = await shop.lessonVideo(currentUser(request), request.params.id);
      return sendWithRanges(
        request,
        reply,
        path.join(config.mediaDir, 'videos', path.basename(file)),
        'video/mp4',
      );
    },
  );
};
