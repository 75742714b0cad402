// Builds the Caller of one HTTP request: its client network for limits and its bearer key.
// RateLimit-* headers of an admitted request are set on the reply.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerFromHeader } from '../access/identify-caller.js';
import { rateLimitHeaders } from '../inbox/shared/gate.js';
import type { Caller } from '../inbox/shared/caller.js';
import { clientNetwork } from '../limits/client-network.js';

/** The Caller of a request from its client address, its Authorization header and what to do with the
 * limiter's verdict once it is admitted (fastify's routes and the pollers' path alike). */
export function httpCaller(
  clientAddress: string,
  authorization: string | undefined,
  onAdmitted: Caller['onAdmitted'],
): Caller {
  return { network: clientNetwork(clientAddress), bearer: bearerFromHeader(authorization), onAdmitted };
}

export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  return httpCaller(request.clientAddress, request.headers.authorization, (verdict) =>
    reply.headers(rateLimitHeaders(verdict)),
  );
}
