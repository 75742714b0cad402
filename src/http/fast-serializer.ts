// Responses serialised by fast-json-stringify from each route's zod schema, turned into JSON Schema once
// when the route is compiled: a list of 50 messages costs a fraction of zod's parse of every field
// followed by JSON.stringify. The shapes are the same schemas the OpenAPI document shows (D20), and only
// the properties they declare are written. A schema JSON Schema cannot express falls back to zod.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The serialiser the compiler makes for one schema, for an edge that serialises a body itself (the list's
 * cached pages, P37), so the bytes are the ones fastify would have written. */
export function compileSerializer<T>(schema: z.ZodType<T>): (value: T) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as (value: T) => string;
}

export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  if (!(schema instanceof z.ZodType))
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
