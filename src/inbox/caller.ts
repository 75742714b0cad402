// The party behind one API request or tool call, as the edges see it.
import type { LimitVerdict } from '../limits/rate-limiter.js';

export interface Caller {
  /** The client for rate limits (D17): its IPv4 address or IPv6 /64. */
  clientId: string;
  /** The bearer key sent with the request, if any. */
  bearer: string | null;
  /** Told the limit verdict of an admitted request, so an edge can send RateLimit-* headers. */
  onAdmitted?: (verdict: LimitVerdict) => void;
}
