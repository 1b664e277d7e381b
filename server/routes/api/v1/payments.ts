import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { DataEnvelope, ErrorBody } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  CancelNotificationBody,
  ManualPaymentBody,
  NotificationAnswer,
  PaymentInfo,
  RefundNotificationBody,
  SandboxChargeBody,
} from '../../../../contract/payments.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import type { Notification, NotificationKind, RefundKind } from '../../../modules/payments/cloudpayments.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const NotificationBody = Type.Record(Type.String(), Type.Unknown());

export const paymentRoutes: RoutePlugin = async (app) => {
  const { payments, cloudPayments } = app.services;
  const tags = ['payments'];

  // The provider signs the exact bytes it sends: keep them (form or JSON) for the HMAC check, then parse.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      request.rawBody = String(body);
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      done(null, String(body).length ? JSON.parse(String(body)) : {});
    } catch {
      done(new HttpError(400, 'invalidRequest'), undefined);
    }
  });

  app.post(
    API.payments.manual,
    {
      preValidation: requireUser,
      schema: { tags, body: ManualPaymentBody, response: { 200: DataEnvelope(PaymentInfo), ...errors } },
    },
    async (request) => ({ data: await payments.manual(currentUser(request), request.body) }),
  );

  // Every provider notification is checked the same way, before its body is even validated: the HMAC of the exact
  // bytes sent, or 401 and nothing is read.
  const verified = (kind: NotificationKind | RefundKind) => ({
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const signature = request.headers['content-hmac'] ?? request.headers['x-content-hmac'];
      if (
        !cloudPayments.verify(request.rawBody ?? '', typeof signature === 'string' ? signature : undefined)
      ) {
        request.log.warn({ kind }, 'payment notification with a bad signature');
        return reply.status(401).send({ error: 'Invalid signature', code: 'invalidSignature' });
      }
    },
  });
  const described = {
    tags,
    description: 'CloudPayments notification; Content-HMAC = base64 HMAC-SHA256(raw body, API secret).',
    response: { 200: NotificationAnswer, 400: ErrorBody, 401: ErrorBody },
  };
  const logged = (request: FastifyRequest, kind: string, code: number, invoice: unknown) =>
    request.log.info({ kind, code, invoice }, 'payment notification');

  const refunded = async (
    request: FastifyRequest,
    kind: RefundKind,
    note: RefundNotificationBody | CancelNotificationBody,
  ) => {
    const code = await cloudPayments.handleRefund(kind, note);
    logged(request, kind, code, note.InvoiceId);
    return { code };
  };

  const notification = (kind: NotificationKind, path: string) =>
    app.post(
      path,
      { ...verified(kind), schema: { ...described, body: NotificationBody } },
      async (request) => {
        const note = request.body as Notification;
        const code = await cloudPayments.handle(kind, note);
        logged(request, kind, code, note.InvoiceId);
        return { code };
      },
    );
  notification('check', API.payments.cloudCheck);
  notification('pay', API.payments.cloudPay);
  notification('fail', API.payments.cloudFail);

  app.post(
    API.payments.cloudRefund,
    { ...verified('refund'), schema: { ...described, body: RefundNotificationBody } },
    async (request) => refunded(request, 'refund', request.body),
  );
  app.post(
    API.payments.cloudCancel,
    { ...verified('cancel'), schema: { ...described, body: CancelNotificationBody } },
    async (request) => refunded(request, 'cancel', request.body),
  );

  // Without provider keys the sandbox stands in for the card widget and settles the buyer's own signed order
  // directly. With real keys it does not exist: the route is not even registered.
  const { sandbox } = app.services;
  if (sandbox) {
    app.post(
      API.payments.sandboxCharge,
      {
        preValidation: requireUser,
        schema: { tags, body: SandboxChargeBody, response: { 200: DataEnvelope(PaymentInfo), ...errors } },
      },
      async (request) => ({ data: await sandbox.charge(currentUser(request), request.body) }),
    );
  }
};
