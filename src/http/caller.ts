// Builds the Caller of one HTTP request: its client network for limits and its bearer key.
// RateLimit-* headers of an admitted request are set on the reply.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimitHeaders } from '../inbox/admit.js';
import type { Caller } from '../inbox/caller.js';
import { clientNetwork } from '../limits/client-network.js';

/** The key of an Authorization header: null when none was sent; a header of another form is passed on
 * whole, so it is judged as a wrong key (401/403), not as a missing one (D12, D14). */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header);
  return match === null ? header : (match[1] as string);
}

export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  return {
    network: clientNetwork(request.ip),
    bearer: bearerOf(request.headers.authorization),
    onAdmitted: (verdict) => void reply.headers(rateLimitHeaders(verdict)),
  };
}
