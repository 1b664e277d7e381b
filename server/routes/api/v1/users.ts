import { Type } from '@sinclair/typebox';

import { Me, Message } from '../../../../contract/auth.ts';
import { DataEnvelope, ErrorBody, PAGE_SIZE, Paging } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  AvatarResponse,
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
import { HttpError } from '../../../lib/http-error.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { avatarPath, toMe } from '../../../modules/users/users.mapper.ts';
import { searchUsers } from '../../../modules/users/users.repository.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody };

export const userRoutes: RoutePlugin = async (app) => {
  const { profile, db, shop } = app.services;
  const tags = ['users'];
  const guarded = { preValidation: requireUser };

  app.get(
    API.users.profile,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(Me), 401: ErrorBody } } },
    async (request) => ({ data: toMe(currentUser(request)) }),
  );

  app.get(
    API.users.findUsers,
    {
      ...guarded,
      schema: {
        tags,
        querystring: FindUsersQuery,
        response: { 200: DataEnvelope(Type.Array(FoundUser)), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const users = await searchUsers(db, request.query.q.trim(), me.id);
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
      ...guarded,
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
      ...guarded,
      schema: { tags, body: UpdateUsernameBody, response: { 200: DataEnvelope(Me), ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      await profile.updateUsername(user, request.body.username);
      return { data: toMe({ ...user, username: request.body.username.trim() }) };
    },
  );

  app.post(
    API.users.updatePassword,
    {
      ...guarded,
      schema: { tags, body: UpdatePasswordBody, response: { 200: DataEnvelope(Message), ...errors } },
    },
    async (request) => {
      await profile.updatePassword(currentUser(request), request.sessionId, request.body);
      return { data: { message: 'The password has been changed' } };
    },
  );

  app.post(
    API.users.updateAvatar,
    {
      ...guarded,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(AvatarResponse), 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(400, 'avatarRequired');
      const file = await request.file();
      if (!file) throw new HttpError(400, 'avatarRequired');
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw new HttpError(413, 'avatarTooLarge');
      }
      if (file.file.truncated) throw new HttpError(413, 'avatarTooLarge');
      return { data: { avatar: avatarPath(await profile.updateAvatar(user, buffer)) } };
    },
  );

  app.get(
    API.users.purchases,
    {
      ...guarded,
      schema: { tags, querystring: Paging, response: { 200: DataEnvelope(PagedItems(Purchase)), ...errors } },
    },
    async (request) => {
      const { page = 1, per_page: perPage = PAGE_SIZE } = request.query;
      return { data: await shop.purchases(currentUser(request), page, perPage) };
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
