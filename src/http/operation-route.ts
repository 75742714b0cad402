// An HTTP route of an operation (inbox/operations.ts): the route adds only its method and path, which input
// fields travel in the path (the rest in the query, under the name the interface gives them, or for a
// POST in its JSON body), its statuses and its documentation. A long operation (the wait) is told when
// its caller goes away or the server stops, and ends then. The operation's input schema validates the request (400 before any
// limit or access rule: error-handler.ts), its output schema serialises and documents the answer (D20).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Operation } from '../inbox/shared/operation.js';
import { callerOf } from './caller.js';
import type { errorSchema } from './schemas.js';

export interface OperationRoute<I extends z.ZodObject, O extends z.ZodType> {
  /** POST: the fields not in the path are the JSON body, which may be absent or empty ({}). */
  method: 'GET' | 'DELETE' | 'POST';
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
  /** Held open (the wait): its operation gets an AbortSignal, aborted when the client goes away or the
   * server stops, so neither waits for it. */
  long?: boolean;
}

/** A POST's body may be left out or empty: `{}`. Other bodies parse as fastify's own JSON parser does. */
function lenientJson(scope: FastifyInstance): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, {});
    else json(request, body as string, done);
  });
  scope.addHook('preValidation', (request, _reply, done) => {
    request.body ??= {};
    done();
  });
}

/** Aborts the operations still running when the server stops (a wait holds its request up to 50 s). */
function abortOnClose(app: FastifyInstance): Set<AbortController> {
  const running = new Set<AbortController>();
  app.addHook('preClose', (done) => {
    for (const controller of running) controller.abort();
    done();
  });
  return running;
}

export function registerOperationRoute<I extends z.ZodObject, O extends z.ZodType>(
  app: FastifyInstance,
  route: OperationRoute<I, O>,
): void {
  const shape = route.operation.input.shape as Record<string, z.ZodType>;
  const inPath = new Set<string>(route.inPath ?? []);
  const renames = (route.queryNames ?? {}) as Record<string, string>;
  const params: Record<string, z.ZodType> = {};
  const rest: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (inPath.has(name)) params[name] = field;
    else rest[renames[name] ?? name] = field;
  }
  const inBody = route.method === 'POST';
  const inputName = new Map(Object.entries(renames).map(([field, queryName]) => [queryName, field]));
  const response: Record<number, z.ZodType> = { 200: route.okSchema ?? route.operation.output, ...route.errors };
  const running = route.long === true ? abortOnClose(app) : null;

  const register = (scope: FastifyInstance) =>
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: route.method,
      url: route.url,
      schema: {
        summary: route.summary,
        description: route.description,
        tags: [...route.tags],
        ...(Object.keys(params).length > 0 ? { params: z.object(params) } : {}),
        ...(Object.keys(rest).length > 0 ? { [inBody ? 'body' : 'querystring']: z.object(rest) } : {}),
        response,
      },
      handler: async (request, reply) => {
        const input: Record<string, unknown> = { ...(request.params as object) };
        for (const [name, value] of Object.entries((inBody ? request.body : request.query) as object))
          input[inputName.get(name) ?? name] = value;
        const caller = callerOf(request, reply);
        if (running === null) {
          const output = await route.operation.run(caller, input as z.output<I>);
          return route.send === undefined ? output : route.send(reply, output);
        }
        const controller = new AbortController();
        running.add(controller);
        // The response's close: the client went away (or the answer was written; then it changes nothing).
        reply.raw.on('close', () => controller.abort());
        try {
          const output = await route.operation.run(caller, input as z.output<I>, { signal: controller.signal });
          return route.send === undefined ? output : route.send(reply, output);
        } finally {
          running.delete(controller);
        }
      },
    });

  // A POST's lenient body parser stays with its own route (an encapsulated scope), not the whole app.
  if (inBody) void app.register(async (scope) => void (lenientJson(scope), register(scope)));
  else register(app);
}
