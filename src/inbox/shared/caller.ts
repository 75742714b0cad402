// The party behind one API request or tool call, as the edges see it.
import type { LimitVerdict } from '../../limits/rate-limiter.js';

export interface Caller {
  /** Where the request came from: its IPv4 address or IPv6 /64 (D17). */
  network: string;
  /** The bearer key sent with the request; null when no Authorization header was sent. */
  bearer: string | null;
  /** Told the limit verdict of an admitted request, so an edge can send RateLimit-* headers. */
  onAdmitted?: (verdict: LimitVerdict) => void;
}
