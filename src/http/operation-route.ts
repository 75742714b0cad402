// An HTTP route of an operation (inbox/operations.ts): the route adds only its method and path, which input
// fields travel in the path (the rest in the query, under the name the interface gives them), its
// statuses and its documentation. The operation's input schema validates the request (400 before any
// limit or access rule: error-handler.ts), its output schema serialises and documents the answer (D20).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Operation } from '../inbox/shared/operation.js';
import { callerOf } from './caller.js';
import type { errorSchema } from './schemas.js';

export interface OperationRoute<I extends z.ZodObject, O extends z.ZodType> {
  method: 'GET' | 'DELETE';
  url: string;
  operation: Operation<I, O>;
  summary: string;
  description: string;
  tags: readonly string[];
  /** Input fields carried in the path (`:id`); every other one is a query parameter. */
  inPath?: readonly (keyof I['shape'] & string)[];
  /** Query names that differ from the input's field names: `{ address: 'mailbox' }`. */
  queryNames?: Partial<Record<keyof I['shape'] & string, string>>;
  /** The error statuses the route can answer, each with the {error, message} body (D16). */
  errors: Readonly<Record<number, typeof errorSchema>>;
  /** The 200's schema when it is not the operation's JSON output (a download). */
  okSchema?: z.ZodType;
  /** Writes the answer when it is not JSON (a download). */
  send?: (reply: FastifyReply, output: z.input<O>) => FastifyReply;
}

export function registerOperationRoute<I extends z.ZodObject, O extends z.ZodType>(app: FastifyInstance, route: OperationRoute<I, O>): void {
  const shape = route.operation.input.shape as Record<string, z.ZodType>;
  const inPath = new Set<string>(route.inPath ?? []);
  const renames = (route.queryNames ?? {}) as Record<string, string>;
  const params: Record<string, z.ZodType> = {};
  const query: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (inPath.has(name)) params[name] = field;
    else query[renames[name] ?? name] = field;
  }
  const inputName = new Map(Object.entries(renames).map(([field, queryName]) => [queryName, field]));
  const response: Record<number, z.ZodType> = { 200: route.okSchema ?? route.operation.output, ...route.errors };

  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.url,
    schema: {
      summary: route.summary,
      description: route.description,
      tags: [...route.tags],
      ...(Object.keys(params).length > 0 ? { params: z.object(params) } : {}),
      ...(Object.keys(query).length > 0 ? { querystring: z.object(query) } : {}),
      response,
    },
    handler: async (request, reply) => {
      const input: Record<string, unknown> = { ...(request.params as object) };
      for (const [name, value] of Object.entries(request.query as object)) input[inputName.get(name) ?? name] = value;
      const output = await route.operation.run(callerOf(request, reply), input as z.output<I>);
      return route.send === undefined ? output : route.send(reply, output);
    },
  });
}
