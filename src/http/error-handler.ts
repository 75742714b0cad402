// Every failure as JSON {error, message} (D16): validation errors, our AppErrors, fastify's own errors
// and anything unexpected (500 internal_error, with no stack or internals in the body).
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
    if (bad !== undefined) return new AppError('invalid_address', `${bad} is missing or is not a valid e-mail address.`);
    return new AppError('invalid_parameter', `${fields[0] || 'a parameter'} is missing or has the wrong form.`);
  }
  const bySlug: Record<number, ErrorSlug> = { 400: 'invalid_parameter', 413: 'payload_too_large', 415: 'invalid_parameter', 404: 'not_found' };
  const slug = error.statusCode === undefined ? undefined : bySlug[error.statusCode];
  if (slug !== undefined) return new AppError(slug, errorCatalogue[slug].message);
  return new AppError('internal_error');
}

export function installErrorHandling(app: FastifyInstance, routes: ReturnType<typeof createRouteTable>): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = isAppError(error) ? error : fromFastifyError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowed(path);
    if (allowed.length > 0) {
      return sendError(reply, new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}.`, { headers: { Allow: allowed.join(', ') } }));
    }
    return sendError(reply, new AppError('not_found', 'No such resource.'));
  });
}
