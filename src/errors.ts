// The error catalogue (D16): every failure the API can answer, by slug, with its HTTP status and a
// default human message. SMTP replies have their own table in smtp/replies.ts.

export const errorCatalogue = {
  invalid_address: { status: 400, message: 'The address is missing or is not a valid e-mail address.' },
  invalid_parameter: { status: 400, message: 'A parameter is missing or has the wrong form.' },
  unauthorized: { status: 401, message: 'This domain is closed: send Authorization: Bearer <key>.' },
  payment_required: {
    status: 402,
    message: 'This address is on a premium domain: a key with an active premium plan is needed.',
  },
  forbidden: { status: 403, message: 'This key may not read this mailbox.' },
  unknown_domain: {
    status: 404,
    message: 'This domain is not hosted here (check its MX record, or use a public domain).',
  },
  not_found: { status: 404, message: 'No such resource.' },
  method_not_allowed: { status: 405, message: 'This method is not allowed on this resource.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  rate_limited: { status: 429, message: 'Too many requests: retry after the number of seconds in Retry-After.' },
  internal_error: { status: 500, message: 'Something went wrong on our side.' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable; retry later.' },
  https_required: { status: 301, message: 'This service answers over HTTPS only.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorSlug = keyof typeof errorCatalogue;

export interface AppErrorOptions {
  /** Seconds the client should wait before retrying (429, 503). */
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. Allow or WWW-Authenticate. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A failure with a stable slug; edges turn it into an HTTP response, an SMTP reply or an MCP error. */
export class AppError extends Error {
  readonly slug: ErrorSlug;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string>;

  constructor(slug: ErrorSlug, message?: string, options: AppErrorOptions = {}) {
    super(message ?? errorCatalogue[slug].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.slug = slug;
    this.status = errorCatalogue[slug].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
