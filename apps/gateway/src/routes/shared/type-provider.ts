import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';

/**
 * Types request parts and replies from the routes' TypeBox schemas (`@sinclair/typebox` 0.34;
 * the installed `@fastify/type-provider-typebox` 6 targets the newer `typebox` 1.x package).
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** A route plugin whose handlers are typed by their schemas. */
export type RoutePlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, TypeBoxProvider>;
