import { type Static, Type } from '@sinclair/typebox';

/** `degraded`: the database reads but a write probe failed (full disk, read-only file); answered with 503. */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  schema_version: Type.Integer(),
});
export type Health = Static<typeof Health>;

/** Liveness: the process answers. It never reads the database, so a database outage restarts nothing. */
export const Liveness = Type.Object({ status: Type.Literal('live') });
export type Liveness = Static<typeof Liveness>;

/**
 * Readiness for a load balancer: `ready` only when the database answers, every migration this build knows is applied
 * and the instance is not draining for a shutdown; answered with 503 otherwise.
 */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  pending_migrations: Type.Array(Type.String()),
  draining: Type.Boolean(),
});
export type Readiness = Static<typeof Readiness>;
