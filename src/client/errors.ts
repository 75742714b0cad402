// What the typed client throws. Every refusal of the service is JSON {error, message} (D16): `slug` is its
// `error`, the field to branch on; `message` is for humans.

export class InboxdError extends Error {
  override name = 'InboxdError';
  /** The HTTP status; 0 when no answer came (the network failed, or the request was given up). */
  readonly status: number;
  /** The service's error slug (docs/errors.md), e.g. `rate_limited`, `not_found`, `unauthorized`; for
   * failures without an answer `network_error` or `timeout`. */
  readonly slug: string;
  /** Seconds the service asked to wait before trying again (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    slug: string,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.slug = slug;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** No matching message arrived within the wait's timeout (the service answered `{status: "timeout"}`, status
 * 200), or no answer came within the client's own time limit for a request (status 0). */
export class InboxdTimeoutError extends InboxdError {
  override name = 'InboxdTimeoutError';

  constructor(status: number, message: string, options: { cause?: unknown } = {}) {
    super(status, 'timeout', message, options);
  }
}
