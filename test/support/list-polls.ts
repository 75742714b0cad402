// The list as a poller reads it (P37), for the list-cache tests end-to-end and in process.
import type { ManualClock } from '../../src/clock.js';
import type { ApiResponse } from './test-app.js';

/** A test app of either kind (test-app.ts, fast-app.ts), as far as polling goes. */
export interface Poller {
  clock: ManualClock;
  api(path: string, init?: { headers?: Record<string, string> }): Promise<ApiResponse>;
}

/** One poll a second, as the interface tells clients to (D17's per-address limit never refuses it). */
export async function poll(t: Poller, address: string, etag?: string): Promise<ApiResponse> {
  t.clock.advance(1000);
  return t.api(`/api/v1/mailbox?address=${address}`, etag === undefined ? {} : { headers: { 'if-none-match': etag } });
}

export function subjects(response: ApiResponse): string[] {
  return (response.json as { messages: { subject: string }[] }).messages.map((m) => m.subject);
}
