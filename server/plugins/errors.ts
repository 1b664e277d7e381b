import type { FastifyError, FastifyInstance } from 'fastify';

import { ERROR_MESSAGES, type ErrorKey } from '../../contract/errors.ts';
import { HttpError } from '../lib/http-error.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Fields whose validation failures have a spec text (SPEC §5): "required" when missing or empty, "invalid" when
 * present but wrong. Other fields answer a generic message naming the field.
 */
const FIELD_MESSAGES: Record<string, { required: ErrorKey; invalid: ErrorKey }> = {
  username: { required: 'usernameRequired', invalid: 'usernameLength' },
  email: { required: 'emailRequired', invalid: 'emailIncorrect' },
  password: { required: 'passwordRequired', invalid: 'passwordLength' },
  login: { required: 'loginRequired', invalid: 'loginRequired' },
  code: { required: 'codeRequired', invalid: 'codeInvalid' },
  current_password: { required: 'currentPasswordRequired', invalid: 'currentPasswordIncorrect' },
  new_password: { required: 'newPasswordRequired', invalid: 'passwordLength' },
  confirm_password: { required: 'confirmPasswordRequired', invalid: 'passwordsDoNotMatch' },
  payment_source: { required: 'confirmRequired', invalid: 'invalidConfirmation' },
  language: { required: 'languageInvalid', invalid: 'languageInvalid' },
  color: { required: 'invalidColor', invalid: 'invalidColor' },
  weight: { required: 'invalidWeight', invalid: 'invalidWeight' },
};

/**
 * Lists of plain values whose items have a text: a failing item (`/sides/hero/0`) answers it. A failure of the
 * list itself (missing, too long) keeps the generic message naming it.
 */
const ITEM_MESSAGES: Record<string, ErrorKey> = {
  hero: 'invalidColor',
  villain: 'invalidColor',
  excluded: 'invalidCombo',
};

export function validationMessage(
  issues: ValidationIssue[],
  context: string,
): { error: string; code: ErrorKey } {
  const issue = issues[0];
  if (!issue) return { error: ERROR_MESSAGES.invalidRequest, code: 'invalidRequest' };
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
  const segments = issue.instancePath.split('/').filter(Boolean);
  const list = !missing && /^\d+$/.test(segments.at(-1) ?? '') ? (segments.at(-2) ?? '') : '';
  const itemCode = Object.hasOwn(ITEM_MESSAGES, list) ? ITEM_MESSAGES[list] : undefined;
  if (itemCode) return { error: ERROR_MESSAGES[itemCode], code: itemCode };
  const field = missing || segments.at(-1) || '';
  const known = FIELD_MESSAGES[field];
  if (known) {
    const isEmpty = issue.keyword === 'minLength' && issue.params.limit === 1;
    const code = missing || isEmpty ? known.required : known.invalid;
    return { error: ERROR_MESSAGES[code], code };
  }
  const where = `${context}${issue.instancePath.replace(/\//g, '.')}`;
  return {
    error: `${ERROR_MESSAGES.invalidRequest}: ${where} ${issue.message ?? 'is not valid'}`.trim(),
    code: 'invalidRequest',
  };
}

/** One error shape for every failure: `{ error, code }`; 5xx never carries the internal message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send(validationMessage(error.validation as ValidationIssue[], error.validationContext ?? 'request'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorKey = status === 429 ? 'tooManyRequests' : 'invalidRequest';
      const message = status === 429 ? ERROR_MESSAGES.tooManyRequests : error.message;
      return reply.status(status).send({ error: message, code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: ERROR_MESSAGES.somethingWentWrong, code: 'somethingWentWrong' });
  });
}

/** Paths that name files, never client routes: a missing one is a 404, not the app's HTML with status 200. */
const FILE_PREFIXES = ['/api/', '/media/', '/docs/', '/assets/', '/images/'];
const isFilePath = (url: string) =>
  FILE_PREFIXES.some((prefix) => url.startsWith(prefix)) || /\.[A-Za-z0-9]+$/.test(url);

/**
 * Unknown routes: 404 `{ error, code }`. With a built SPA (`spaDir`), an unknown GET of a client-side route (not a
 * file: /docs/en/privacy.pdf or /app.css that are not there) is answered with index.html (history fallback).
 */
export function registerNotFound(app: FastifyInstance, spaDir: string | null): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (spaDir && request.method === 'GET' && !isFilePath(url)) {
      return reply.type('text/html').sendFile('index.html', spaDir);
    }
    return reply.status(404).send({ error: ERROR_MESSAGES.notFound, code: 'notFound' });
  });
}
