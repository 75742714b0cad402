// D21: any origin may read, with bearer keys rather than cookies. The options of the CORS plugin, and the
// headers it adds to an answer that is no preflight, for the one route answered in front of fastify (the
// pollers' list: routes/mailbox-poll-path.ts).

export const CORS_OPTIONS: {
  origin: '*';
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
  maxAge: number;
} = {
  origin: '*',
  methods: ['GET', 'HEAD', 'DELETE', 'POST'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: [
    'ETag',
    'Retry-After',
    'WWW-Authenticate',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Content-Disposition',
  ],
  maxAge: 600,
};

/** What @fastify/cors writes on a request that is no preflight when its origin is a fixed `*`: the
 * origin, whatever the request's Origin, and the exposed headers (no Vary: the answer does not depend on
 * the Origin). As name, value pairs. */
export function simpleCorsHeaders(): string[] {
  return [
    'access-control-allow-origin',
    CORS_OPTIONS.origin,
    'access-control-expose-headers',
    CORS_OPTIONS.exposedHeaders.join(', '),
  ];
}
