// Builds the Caller of one HTTP request: its client network for limits and its bearer key.
// RateLimit-* headers of an admitted request are set on the reply.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerFromHeader } from '../access/identify-caller.js';
import { rateLimitHeaders } from '../inbox/shared/gate.js';
import type { Caller } from '../inbox/shared/caller.js';
import { clientNetwork } from '../limits/client-network.js';

export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  return {
    network: clientNetwork(request.clientAddress),
    bearer: bearerFromHeader(request.headers.authorization),
    onAdmitted: (verdict) => void reply.headers(rateLimitHeaders(verdict)),
  };
}
