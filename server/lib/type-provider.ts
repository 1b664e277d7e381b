import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';

/**
 * Types route handlers from the contract's @sinclair/typebox schemas. @fastify/type-provider-typebox 6 is built on
 * the renamed `typebox` 1.x package, whose Static does not understand 0.34 schemas such as Type.Unsafe enums, so the
 * few lines of the provider live here instead.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

export type RoutePlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, TypeBoxProvider>;
