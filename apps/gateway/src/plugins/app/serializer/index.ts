import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { withNullableTypes } from './nullable-types';

/** fastify's serializer (fast-json-stringify) over the response schema with its nullable unions as type lists. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => build(withNullableTypes(schema) as Parameters<typeof build>[0]);
