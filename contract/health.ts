import { type Static, Type } from '@sinclair/typebox';

/** `degraded`: the database reads but a write probe failed (full disk, read-only file); answered with 503. */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  schema_version: Type.Integer(),
});
export type Health = Static<typeof Health>;
