import { Readable } from 'node:stream';

import { Type } from '@sinclair/typebox';

import { Me, PasswordChanged } from '../../../../contract/auth.ts';
import { DataEnvelope, ErrorBody, PAGE_SIZE, Paging } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  AccountDeleted,
  AvatarResponse,
  DeleteAccountBody,
  FindUsersQuery,
  FoundUser,
  LanguageBody,
  LanguageResponse,
  PagedItems,
  Purchase,
  ReferralPayment,
  UpdatePasswordBody,
  UpdateUsernameBody,
} from '../../../../contract/profile.ts';
import { LanguageQuery } from '../../../../contract/shop.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { zipStream } from '../../../lib/zip-writer.ts';
import { storeLanguage } from '../../../modules/shop/shop.service.ts';
import { avatarPath, toMe } from '../../../modules/users/users.mapper.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { DATA_EXPORTS_PER_HOUR, dataExportLimit, searchLimit, writeLimit } from '../../../plugins/limits.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/**
 * A failed multipart read: our own errors pass through, the size limit is 413, and anything else the parser throws
 * (a truncated body, a missing boundary, a broken header) is the client's upload, so 400, never 500.
 */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new HttpError(413, 'avatarTooLarge');
  }
  return new HttpError(400, 'uploadIncomplete');
}

export const userRoutes: RoutePlugin = async (app) => {
  const { profile, shop, accountDeletion, accountExport } = app.services;
  const tags = ['users'];
  const guarded = { preValidation: requireUser };
  const writing = { preValidation: [requireUser, writeLimit(app)] };

  app.get(
    API.users.profile,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(Me), 401: ErrorBody } } },
    async (request) => ({ data: toMe(currentUser(request)) }),
  );

  app.get(
    API.users.findUsers,
    {
      preValidation: [requireUser, searchLimit(app)],
      schema: {
        tags,
        querystring: FindUsersQuery,
        response: { 200: DataEnvelope(Type.Array(FoundUser)), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const users = await profile.findUsers(me, request.query.q);
      return {
        data: users.map((user) => ({
          id: user.id,
          username: user.username,
          avatar: avatarPath(user.avatar),
        })),
      };
    },
  );

  app.post(
    API.users.language,
    {
      ...writing,
      schema: { tags, body: LanguageBody, response: { 200: DataEnvelope(LanguageResponse), ...errors } },
    },
    async (request) => {
      await profile.updateLanguage(currentUser(request), request.body.language);
      return { data: { language: request.body.language } };
    },
  );

  app.post(
    API.users.updateUsername,
    {
      ...writing,
      schema: { tags, body: UpdateUsernameBody, response: { 200: DataEnvelope(Me), ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const username = await profile.updateUsername(user, request.body.username);
      return { data: toMe({ ...user, username }) };
    },
  );

  app.post(
    API.users.updatePassword,
    {
      ...writing,
      schema: {
        tags,
        body: UpdatePasswordBody,
        response: { 200: DataEnvelope(PasswordChanged), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const deviceToken = await profile.updatePassword(user, request.sessionId, request.body);
      return {
        data: { message: 'The password has been changed', user_id: user.id, device_token: deviceToken },
      };
    },
  );

  app.post(
    API.users.updateAvatar,
    {
      ...writing,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(AvatarResponse), 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(400, 'avatarRequired');
      let buffer: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, 'avatarRequired');
        buffer = await file.toBuffer();
        if (file.file.truncated) throw new HttpError(413, 'avatarTooLarge');
      } catch (error) {
        throw uploadError(error);
      }
      return { data: { avatar: avatarPath(await profile.updateAvatar(user, buffer)) } };
    },
  );

  app.post(
    API.users.deleteAccount,
    {
      ...writing,
      schema: {
        tags,
        summary: 'Delete my account',
        description:
          'Asks for the password again and the username typed as confirmation. Removes sessions, device tokens, ' +
          'charts, trainer results, the avatar, shares, restore requests and counters; orders, purchases and ' +
          'referral payouts are kept for the accounts without any personal data. The e-mail and username are free ' +
          'again at once. A second call for an account deleted meanwhile succeeds; its sessions answer 401 after.',
        body: DeleteAccountBody,
        response: { 200: DataEnvelope(AccountDeleted), 403: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await accountDeletion.delete(currentUser(request), request.sessionId, request.body);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    API.users.exportData,
    {
      preValidation: [requireUser, dataExportLimit(app)],
      schema: {
        tags,
        summary: 'Download my data',
        description:
          "A zip of the caller's own data, streamed: profile.json (and avatar.webp), charts/charts.json, " +
          'charts/cash-ranges.txt and charts/tournament-ranges.txt (each range in PokerStove notation per colour), ' +
          'purchases, payments and referral-payouts (.json and .csv), trainer/summary.json and trainer/hands. ' +
          `At most ${DATA_EXPORTS_PER_HOUR} an hour (429 beyond).`,
        produces: ['application/zip'],
        response: {
          200: { description: 'The zip archive', type: 'string', format: 'binary' },
          401: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = new Date(app.services.clock.now());
      const day = now.toISOString().slice(0, 10);
      const archive = Readable.from(zipStream(accountExport.entries(user, now), now));
      // Headers are sent with the first bytes: a failure later can only cut the download short, so it is logged.
      archive.on('error', (error) => request.log.error({ err: error }, 'data export failed while streaming'));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="rangeforge-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.get(
    API.users.purchases,
    {
      ...guarded,
      schema: {
        tags,
        querystring: Type.Composite([Paging, LanguageQuery]),
        response: { 200: DataEnvelope(PagedItems(Purchase)), ...errors },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE, lang } = request.query;
      const user = currentUser(request);
      return { data: await shop.purchases(user, page, perPage, storeLanguage(lang, user)) };
    },
  );

  app.get(
    API.users.affiliatePurchases,
    {
      ...guarded,
      schema: {
        tags,
        querystring: Paging,
        response: { 200: DataEnvelope(PagedItems(ReferralPayment)), ...errors },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: await shop.referralPayments(currentUser(request), page, perPage) };
    },
  );
};
