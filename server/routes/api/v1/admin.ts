import { Type } from '@sinclair/typebox';

import {
  AdminAuditEntry,
  AdminExtraCharge,
  AdminOrderLines,
  AdminPackage,
  AdminPayment,
  AdminPaymentsQuery,
  AdminUser,
  ItemBody,
  LessonBody,
  PackageBody,
  PackContentBody,
  PackNode,
  PublishBody,
  Settings,
  SettingsUpdate,
  TakeBackBody,
} from '../../../../contract/admin.ts';
import { DataEnvelope, ErrorBody, IdParams, Ok, PAGE_SIZE, Paging } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import { PaymentInfo } from '../../../../contract/payments.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { settingsChanges } from '../../../modules/admin/audit.ts';
import { checkPackShape } from '../../../modules/admin/pack-shape.ts';
import { currentUser, requireAdmin } from '../../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const Paged = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    list: Type.Array(item),
  });

/**
 * A failed multipart read of a lesson video's parts: anything the parser throws (a truncated body, a missing
 * boundary, a broken header) is the client's upload, so 400 (413 past the part limits), never 500.
 */
function videoUploadError(error: unknown): HttpError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') return new HttpError(413, 'invalidRequest');
  return new HttpError(400, 'uploadIncomplete');
}

/** What an audit entry keeps of a decided payment: enough to recognise it without opening the order. */
const paymentDetail = (payment: PaymentInfo) => ({
  method: payment.method,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
});

/** What an audit entry keeps of a store item's new values (the description is left out: it may be long). */
const itemDetail = (body: ItemBody) => ({
  type: body.type,
  name: body.name,
  price_usd: body.price_usd,
  price_rub: body.price_rub,
  ...(body.translations ? { languages: Object.keys(body.translations) } : {}),
});

/** What an audit entry keeps of new words: the English name and the languages given their own. */
const textsDetail = (body: PackageBody) => ({
  name: body.name,
  languages: Object.keys(body.translations ?? {}),
});

export const adminRoutes: RoutePlugin = async (app) => {
  // Every action that moves money or changes the store is recorded in the audit log once it has succeeded.
  const { payments, admin, refunds, extraCharges, audit, shop } = app.services;
  const tags = ['admin'];
  const guarded = { preValidation: requireAdmin };
  app.addSchema(PackNode);
  // Before the answer leaves: what an admin changed of the store shows in this instance's store pages at once
  // (another instance's within a second, store-catalogue.ts). A change of something else costs one counter read.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') shop.catalogue.changed();
  });

  app.get(
    API.admin.manualPayments,
    {
      ...guarded,
      schema: {
        tags,
        querystring: AdminPaymentsQuery,
        response: { 200: DataEnvelope(Paged(AdminPayment)), ...errors },
      },
    },
    async (request) => {
      const { status = 'pending', queue = 'manual', page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      const which =
        queue === 'refunds' ? ({ kind: 'refunds' } as const) : ({ kind: 'manual', status } as const);
      return { data: { ...(await payments.adminList(which, page, perPage)), page, per_page: perPage } };
    },
  );
  app.post(
    API.admin.confirmPayment,
    {
      ...guarded,
      schema: { tags, params: IdParams, response: { 200: DataEnvelope(PaymentInfo), ...errors } },
    },
    async (request) => {
      const payment = await payments.adminDecide(request.params.id, 'confirm');
      await audit.record(request, 'payment.confirm', payment.id, paymentDetail(payment));
      return { data: payment };
    },
  );
  app.post(
    API.admin.rejectPayment,
    {
      ...guarded,
      schema: { tags, params: IdParams, response: { 200: DataEnvelope(PaymentInfo), ...errors } },
    },
    async (request) => {
      const payment = await payments.adminDecide(request.params.id, 'reject');
      await audit.record(request, 'payment.reject', payment.id, paymentDetail(payment));
      return { data: payment };
    },
  );
  app.post(
    API.admin.refundedPayment,
    {
      ...guarded,
      schema: {
        tags,
        description: 'The admin has sent back the refund_due of an order: it leaves the refund queue.',
        params: IdParams,
        response: { 200: DataEnvelope(PaymentInfo), ...errors },
      },
    },
    async (request) => {
      const payment = await payments.adminRefunded(request.params.id, currentUser(request).id);
      await audit.record(request, 'payment.refunded', payment.id, paymentDetail(payment));
      return { data: payment };
    },
  );

  // A refund the server could not match, or a manual payment refunded by hand: the admin's call (settlement.service).
  const lines = { 200: DataEnvelope(AdminOrderLines), ...errors };
  app.get(
    API.admin.orderLines,
    { ...guarded, schema: { tags, params: IdParams, response: lines } },
    async (request) => ({ data: await refunds.lines(request.params.id) }),
  );
  app.post(
    API.admin.takeBack,
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Takes back lines of a paid order (Premium, pack folders, courses, their commission share) and records the ' +
          'money sent back by hand for them. 404: a purchase of another order; 409: a line taken back already; 400: ' +
          'more money than paid and not yet refunded.',
        params: IdParams,
        body: TakeBackBody,
        response: lines,
      },
    },
    async (request) => {
      const data = await refunds.takeBack(request.params.id, currentUser(request).id, request.body);
      const { purchase_ids: purchaseIds, amount } = request.body;
      await audit.record(request, 'order.take_back', request.params.id, {
        purchase_ids: purchaseIds,
        amount,
      });
      return { data };
    },
  );
  app.post(
    API.admin.nothingToTakeBack,
    {
      ...guarded,
      schema: {
        tags,
        description: 'Closes a flagged refund with nothing taken back (a goodwill refund), naming the admin.',
        params: IdParams,
        response: lines,
      },
    },
    async (request) => {
      const data = await refunds.nothingToTakeBack(request.params.id, currentUser(request).id);
      await audit.record(request, 'order.nothing_to_take_back', request.params.id);
      return { data };
    },
  );

  app.post(
    API.admin.extraChargeRefunded,
    {
      ...guarded,
      schema: {
        tags,
        description:
          'The admin has sent back an extra card charge (one that paid for nothing) outside the provider: it leaves ' +
          'the refund queue, naming the admin. 404: no such charge; 409: refunded already.',
        params: IdParams,
        response: { 200: DataEnvelope(AdminExtraCharge), ...errors },
      },
    },
    async (request) => {
      const charge = await extraCharges.adminRefunded(request.params.id, currentUser(request).id);
      await audit.record(request, 'extra_charge.refunded', request.params.id, {
        order_id: charge.order_id,
        amount: charge.amount,
        currency: charge.currency,
      });
      return { data: charge };
    },
  );

  app.get(
    API.admin.audit,
    {
      ...guarded,
      schema: {
        tags,
        description: 'What admins did (payments, refunds, settings, store items), newest first.',
        querystring: Paging,
        response: { 200: DataEnvelope(Paged(AdminAuditEntry)), ...errors },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: { ...(await audit.list(page, perPage)), page, per_page: perPage } };
    },
  );

  app.get(
    API.admin.users,
    {
      ...guarded,
      schema: { tags, querystring: Paging, response: { 200: DataEnvelope(Paged(AdminUser)), ...errors } },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: { ...(await admin.users(page, perPage)), page, per_page: perPage } };
    },
  );

  app.get(
    API.admin.settings,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(Settings), ...errors } } },
    async () => ({ data: await admin.settings() }),
  );
  app.post(
    API.admin.settings,
    {
      ...guarded,
      schema: { tags, body: SettingsUpdate, response: { 200: DataEnvelope(Settings), ...errors } },
    },
    async (request) => {
      const before = await admin.settings();
      const after = await admin.updateSettings(request.body);
      await audit.record(request, 'settings.update', null, settingsChanges(before, after));
      return { data: after };
    },
  );

  app.get(
    API.admin.items,
    {
      ...guarded,
      schema: {
        tags,
        description: 'Every package with every item, drafts included, with lessons and owner counts.',
        querystring: Paging,
        response: { 200: DataEnvelope(Paged(AdminPackage)), ...errors },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: { ...(await admin.catalogue(page, perPage)), page, per_page: perPage } };
    },
  );
  app.post(
    API.admin.publish,
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Publishes an item or sets it back to draft. A course needs a lesson and a video for every lesson (409).',
        params: IdParams,
        body: PublishBody,
        response: { 200: DataEnvelope(Ok), ...errors },
      },
    },
    async (request) => {
      await admin.setPublished(request.params.id, request.body.published);
      await audit.record(request, 'item.publish', request.params.id, { published: request.body.published });
      return { data: { ok: true } };
    },
  );

  const ItemCreated = Type.Object({ id: Type.Integer(), package_id: Type.Integer() });
  app.post(
    API.admin.items,
    { ...guarded, schema: { tags, body: ItemBody, response: { 200: DataEnvelope(ItemCreated), ...errors } } },
    async (request) => {
      const created = await admin.createItem(request.body);
      await audit.record(request, 'item.create', created.id, {
        ...itemDetail(request.body),
        package_id: created.package_id,
      });
      return { data: created };
    },
  );
  app.post(
    API.admin.item,
    {
      ...guarded,
      schema: { tags, params: IdParams, body: ItemBody, response: { 200: DataEnvelope(Ok), ...errors } },
    },
    async (request) => {
      await admin.updateItem(request.params.id, request.body);
      await audit.record(request, 'item.update', request.params.id, itemDetail(request.body));
      return { data: { ok: true } };
    },
  );
  app.post(
    API.admin.package,
    {
      ...guarded,
      schema: {
        tags,
        description:
          'A package’s name and description in English and (replaced when sent) in the other languages.',
        params: IdParams,
        body: PackageBody,
        response: { 200: DataEnvelope(Ok), ...errors },
      },
    },
    async (request) => {
      await admin.updatePackage(request.params.id, request.body);
      await audit.record(request, 'package.update', request.params.id, textsDetail(request.body));
      return { data: { ok: true } };
    },
  );
  app.post(
    API.admin.itemContent,
    {
      // The admin check first, then the pack's size and depth, before the schema walks it.
      preValidation: [requireAdmin, async (request) => checkPackShape(request.body)],
      schema: {
        tags,
        params: IdParams,
        body: PackContentBody,
        response: { 200: DataEnvelope(Type.Object({ ranges: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const ranges = await admin.setPackContent(request.params.id, request.body);
      await audit.record(request, 'item.content', request.params.id, { ranges });
      return { data: { ranges } };
    },
  );
  app.post(
    API.admin.lessons,
    {
      ...guarded,
      schema: {
        tags,
        params: IdParams,
        body: LessonBody,
        response: { 200: DataEnvelope(Type.Object({ id: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const lesson = await admin.addLesson(request.params.id, request.body);
      await audit.record(request, 'lesson.create', request.params.id, {
        lesson_id: lesson.id,
        title: request.body.title,
      });
      return { data: lesson };
    },
  );
  app.post(
    API.admin.lesson,
    {
      ...guarded,
      schema: {
        tags,
        description: 'A lesson’s title in English and (replaced when sent) in the other languages.',
        params: IdParams,
        body: LessonBody,
        response: { 200: DataEnvelope(Ok), ...errors },
      },
    },
    async (request) => {
      await admin.updateLesson(request.params.id, request.body);
      await audit.record(request, 'lesson.update', request.params.id, {
        title: request.body.title,
        languages: Object.keys(request.body.translations ?? {}),
      });
      return { data: { ok: true } };
    },
  );
  app.post(
    API.admin.lessonVideo,
    {
      ...guarded,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(Ok), 413: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, 'invalidRequest');
      // Lesson videos may be large; the 2 MB multipart default is for avatars.
      const maxMb = app.services.config.lessonVideoMaxMb;
      const file = await request
        .file({ limits: { fileSize: maxMb * 1024 * 1024 } })
        .catch((error: unknown) => {
          throw videoUploadError(error);
        });
      if (!file) throw new HttpError(400, 'invalidRequest');
      // The service stores and links the file only when all of it arrived (413 past the limit, 400 if cut off).
      const stored = await admin.saveLessonVideo(request.params.id, file.file, maxMb);
      await audit.record(request, 'lesson.video', request.params.id, { file: stored });
      return { data: { ok: true } };
    },
  );
};
