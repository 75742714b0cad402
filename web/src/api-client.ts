// The page's client of the public JSON API: same-origin fetches, with the bearer key when one is set.
// Failures become ApiError with the API's slug (D16) and Retry-After, so the page can say what happened.
import type { Deleted, DomainList, MailboxPage, Message, MessageCodes } from './api-types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function errorOf(response: Response): Promise<ApiError> {
  let slug = 'http_error';
  let message = `The server answered ${response.status}.`;
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') slug = body.error;
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON (a proxy's page, say): the status says enough.
  }
  const retry = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, slug, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}

export function authHeaders(key: string): Record<string, string> {
  return key === '' ? {} : { Authorization: `Bearer ${key}` };
}

export function createApiClient(key: () => string) {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(path, {
        ...init,
        headers: { ...authHeaders(key()), ...(init.headers as Record<string, string> | undefined) },
        cache: 'no-store',
      });
    } catch (error) {
      // Aborted by the page (another mailbox was opened): not a failure to report.
      if (init.signal?.aborted === true) throw error;
      throw new ApiError(0, 'network', 'The service cannot be reached; check the connection.', null);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => (await (await call(path, init)).json()) as T;
  const mailboxQuery = (address: string) => `mailbox=${encodeURIComponent(address)}`;

  // Each read of a mailbox takes the signal of the mailbox it was made for (mailbox.ts opens one per mailbox).
  return {
    domains: () => json<DomainList>('/api/v1/domains'),
    list(address: string, before: string | undefined, signal: AbortSignal): Promise<MailboxPage> {
      const query = new URLSearchParams({ address, limit: '50' });
      if (before !== undefined) query.set('before', before);
      return json<MailboxPage>(`/api/v1/mailbox?${query}`, { signal });
    },
    read: (address: string, id: string, signal: AbortSignal) =>
      json<Message>(`/api/v1/message/${encodeURIComponent(id)}?${mailboxQuery(address)}`, { signal }),
    codes: (address: string, id: string, signal: AbortSignal) =>
      json<MessageCodes>(`/api/v1/message/${encodeURIComponent(id)}/codes?${mailboxQuery(address)}`, { signal }),
    remove: (address: string, id: string, signal: AbortSignal) =>
      json<Deleted>(`/api/v1/message/${encodeURIComponent(id)}?${mailboxQuery(address)}`, { method: 'DELETE', signal }),
    /** The attachment's bytes. Fetched by path on this origin: the API's `url` uses the public base URL,
     * which a page opened under another name could not reach (connect-src 'self'). */
    attachment: async (address: string, id: string, signal: AbortSignal) =>
      (await call(`/api/v1/attachment/${encodeURIComponent(id)}?${mailboxQuery(address)}`, { signal })).blob(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
