// Every failure as JSON {error, message} (D16): validation errors, our AppErrors, fastify's own errors
// and anything unexpected (500 internal_error, with no stack or internals in the body), and the failures
// raised before a request reaches a route: a URL that cannot be decoded, an incomplete CORS preflight,
// and what Node's HTTP parser refuses on the socket (headers too large, a request too slow, bad syntax).
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorCatalogue, isAppError, type ErrorSlug } from '../errors.js';
import type { createRouteTable } from './route-table.js';

const ADDRESS_FIELDS = new Set(['address', 'mailbox']);

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  reply.code(error.status).headers(error.headers);
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.type('application/json; charset=utf-8').send({ error: error.slug, message: error.message });
}

function fromFastifyError(error: FastifyError): AppError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => issue.instancePath.split('/')[1] ?? '');
    const bad = fields.find((f) => ADDRESS_FIELDS.has(f));
    if (bad !== undefined)
      return new AppError('invalid_address', `${bad} is missing or is not a valid e-mail address.`);
    return new AppError('invalid_parameter', `${fields[0] || 'a parameter'} is missing or has the wrong form.`);
  }
  const bySlug: Record<number, ErrorSlug> = {
    400: 'invalid_parameter',
    413: 'payload_too_large',
    415: 'invalid_parameter',
    404: 'not_found',
  };
  const slug = error.statusCode === undefined ? undefined : bySlug[error.statusCode];
  if (slug !== undefined) return new AppError(slug, errorCatalogue[slug].message);
  return new AppError('internal_error');
}

/** Fastify's `frameworkErrors`: a URL whose escapes cannot be decoded (`/api/v1/message/%`), answered like
 * any malformed parameter. */
export function frameworkErrorHandler(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendError(reply, new AppError('invalid_parameter', 'The URL cannot be decoded: check its percent-escapes.'));
}

const SOCKET_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request was not received in time.',
  },
};

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request, answered on
 * the socket as {error, message} JSON with the status HTTP gives it, then the connection closed. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const known = SOCKET_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'The request cannot be read as HTTP.',
  };
  const body = JSON.stringify({ error: 'invalid_parameter' satisfies ErrorSlug, message: known.message });
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function installErrorHandling(app: FastifyInstance, routes: ReturnType<typeof createRouteTable>): void {
  // A CORS preflight without Origin or Access-Control-Request-Method is no preflight: refused here as
  // JSON, before the CORS plugin answers it with plain text. A complete one still gets its 204.
  // A callback hook (no promise per request); answering early means not calling done.
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.method === 'OPTIONS' &&
      (request.headers.origin === undefined || request.headers['access-control-request-method'] === undefined)
    ) {
      void sendError(
        reply,
        new AppError('invalid_parameter', 'A CORS preflight needs Origin and Access-Control-Request-Method headers.'),
      );
      return;
    }
    done();
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = isAppError(error) ? error : fromFastifyError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowed(path);
    if (allowed.length > 0) {
      return sendError(
        reply,
        new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}.`, {
          headers: { Allow: allowed.join(', ') },
        }),
      );
    }
    return sendError(reply, new AppError('not_found', 'No such resource.'));
  });
}
