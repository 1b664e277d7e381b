import { type Static, Type } from '@sinclair/typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  schema_version: Type.Integer(),
});
export type Health = Static<typeof Health>;
