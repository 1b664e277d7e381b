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
  request_token: { required: 'restoreRequestExpired', invalid: 'restoreRequestExpired' },
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
  dead: 'invalidCard',
  cards: 'invalidCard',
  colors: 'invalidColor',
};

const depth = (issue: ValidationIssue) => issue.instancePath.split('/').length;

/**
 * The issue that says most: a value matching none of a union's shapes (the sides, sent in the current or the older
 * form) fails every branch, and the branch that got deepest into it names what is wrong (`/sides/hero/0`), where
 * the others only say the value is not of their shape.
 */
function mostSpecific(issues: readonly ValidationIssue[]): ValidationIssue | undefined {
  let best: ValidationIssue | undefined;
  for (const issue of issues) {
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    if (!best || depth(issue) > depth(best)) best = issue;
  }
  return best ?? issues[0];
}

export function validationMessage(
  issues: ValidationIssue[],
  context: string,
): { error: string; code: ErrorKey } {
  const issue = mostSpecific(issues);
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

/**
 * Storage that cannot take writes right now: SQLite's disk full, read-only file or I/O error (extended codes such as
 * SQLITE_IOERR_WRITE included), PostgreSQL's classes 53 (insufficient resources: disk full, out of memory),
 * 57P (shutdown, cannot connect now), 58 (system I/O) and 25006 (read-only transaction), a refused connection, and
 * the counter store's Redis being away.
 * The request was fine; trying later may work, so 503 with Retry-After rather than 500.
 */
export function isStorageUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (/^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY)/.test(code)) return true;
    if (/^(53|57P|58)/.test(code) || ['25006', 'ECONNREFUSED', 'REDIS_UNAVAILABLE'].includes(code))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One error shape for every failure: `{ error, code }`; 5xx never carries the internal message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
      const body = { error: error.message, code: error.code };
      return reply
        .status(error.statusCode)
        .send(error.current === undefined ? body : { ...body, current: error.current });
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'storage unavailable');
      return reply
        .status(503)
        .header('retry-after', '30')
        .send({ error: ERROR_MESSAGES.serviceUnavailable, code: 'serviceUnavailable' });
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
