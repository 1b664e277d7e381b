import { normalizeIP } from '@fastify/rate-limit';

import {
  ConfirmBody,
  LoginBody,
  Message,
  PasswordChanged,
  RecoverBody,
  RecoverResponse,
  RegisterBody,
  RegisterConfirmBody,
  RegisterParams,
  RegisterResponse,
  SignInResponse,
  UserResponse,
} from '../../../../contract/auth.ts';
import { DataEnvelope, ErrorBody } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import type { SignIn } from '../../../modules/auth/auth.service.ts';
import { ANONYMOUS_ME, toMe } from '../../../modules/users/users.mapper.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { addressLimit } from '../../../plugins/limits.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const signedIn = ({ user, token, deviceToken }: SignIn) => ({
  data: { me: toMe(user), token, device_token: deviceToken },
});

export const authRoutes: RoutePlugin = async (app) => {
  const { auth, config } = app.services;
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };
  const tags = ['auth'];

  const registerSchema = {
    tags,
    description:
      'Starts a sign-up: mails a code to the address (or, when it has an account, a note saying so) and answers the ' +
      "same either way. The account is made by register_confirm with the code and this answer's request token.",
    body: RegisterBody,
    response: { 200: DataEnvelope(RegisterResponse), ...errors },
  };
  const started = (token: string) => ({
    data: { message: 'A confirmation code has been sent to the e-mail address', request_token: token },
  });
  // Both sign-up routes draw on one budget per address (the rate limiter would count each route apart).
  const signUpLimit = addressLimit(app, 'sign-up');
  app.post(API.auth.register, { schema: registerSchema, onRequest: signUpLimit }, async (request) =>
    started(await auth.register(request.body, normalizeIP(request.ip))),
  );
  app.post(
    API.auth.registerWithToken,
    { schema: { ...registerSchema, params: RegisterParams }, onRequest: signUpLimit },
    async (request) =>
      started(await auth.register(request.body, normalizeIP(request.ip), request.params.token)),
  );
  app.post(
    API.auth.registerConfirm,
    {
      schema: {
        tags,
        body: RegisterConfirmBody,
        response: { 200: DataEnvelope(SignInResponse), ...errors },
      },
      config: { rateLimit },
    },
    async (request) => signedIn(await auth.confirmSignUp(request.body, normalizeIP(request.ip))),
  );

  app.post(
    API.auth.login,
    {
      schema: { tags, body: LoginBody, response: { 200: DataEnvelope(SignInResponse), ...errors } },
      config: { rateLimit },
    },
    async (request) => signedIn(await auth.login(request.body)),
  );

  // The user endpoint: anonymous callers get me.id = null (SPEC §4 "no id → reset the session"), not an error.
  app.get(
    API.auth.user,
    { schema: { tags, response: { 200: DataEnvelope(UserResponse) } } },
    async (request) => ({
      data: request.user
        ? { me: toMe(request.user), token: request.token }
        : { me: ANONYMOUS_ME, token: null },
    }),
  );

  app.post(
    API.auth.logout,
    {
      preValidation: requireUser,
      schema: { tags, response: { 200: DataEnvelope(Message), 401: ErrorBody } },
    },
    async (request) => {
      currentUser(request);
      if (request.sessionId !== null) await auth.logout(request.sessionId);
      return { data: { message: 'Signed out' } };
    },
  );

  app.post(
    API.auth.recover,
    {
      schema: { tags, body: RecoverBody, response: { 200: DataEnvelope(RecoverResponse), ...errors } },
      config: { rateLimit },
    },
    async (request) => {
      const token = await auth.recover(request.body, normalizeIP(request.ip));
      return {
        data: { message: 'If the e-mail is registered, a code has been sent to it', request_token: token },
      };
    },
  );

  app.post(
    API.auth.confirm,
    {
      schema: { tags, body: ConfirmBody, response: { 200: DataEnvelope(PasswordChanged), ...errors } },
      config: { rateLimit },
    },
    async (request) => {
      const { userId, deviceToken } = await auth.confirm(request.body, normalizeIP(request.ip));
      return {
        data: { message: 'The password has been changed', user_id: userId, device_token: deviceToken },
      };
    },
  );
};
