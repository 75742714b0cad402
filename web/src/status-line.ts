// The status line under the address bar (a polite live region), and how the page words a failure there.
import { ApiError } from './api-client.js';

export type StatusKind = 'info' | 'error';

export interface StatusLine {
  show(text: string, kind?: StatusKind): void;
  /** Empties the line if it shows a failure: the next success says the failure is over. */
  clearError(): void;
}

export function statusLine(element: HTMLElement): StatusLine {
  const show = (text: string, kind: StatusKind = 'info') => {
    element.textContent = text;
    element.dataset.kind = kind;
  };
  return {
    show,
    clearError: () => {
      if (element.dataset.kind === 'error') show('');
    },
  };
}

export function explain(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong in the page.';
  if (error.status === 429 || error.status === 503)
    return `${error.message}${error.retryAfterSeconds !== null ? ` (retry in ${error.retryAfterSeconds} s)` : ''}`;
  if (error.status === 401 || error.status === 402 || error.status === 403)
    return `${error.message} Set a key under “Key”.`;
  return error.message;
}
