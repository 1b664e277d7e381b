import { type TSchema, Type } from '@sinclair/typebox';

import { LANGUAGES } from './languages.ts';

/** Success body: every route answers `{ data: ... }` (ARCHITECTURE §6), so the SPA reads `response.data.data`. */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ data });

/** Failure body: `error` is the English text, `code` the key in ERROR_MESSAGES for translation. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
});

export interface ApiData<T> {
  data: T;
}

export interface ApiError {
  error: string;
  code?: string;
}

export const Paging = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

export const PAGE_SIZE = 10;

/** Row ids: 32-bit integers in both databases, so anything larger is a validation error, not a database error. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });

export const Ok = Type.Object({ ok: Type.Boolean() });

/** A string enum as `{ type: 'string', enum: [...] }` whose static type is the union of its values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** An interface language (contract/languages.ts). */
export const LanguageSchema = StringEnum(LANGUAGES);
