// The limits of D17 in one place, for every operation of the HTTP API and the agent tools: per address
// GCRA (1/s sustained, burst 5) and per client a sliding window of 1200 requests in 60 seconds.
import type { LimitRule } from './rate-limiter.js';

export const ADDRESS_PERIOD_MS = 1000;
export const ADDRESS_BURST = 5;
export const CLIENT_WINDOW_MS = 60_000;
export const CLIENT_MAX = 1200;

export function requestLimits(clientId: string, address?: string): LimitRule[] {
  const rules: LimitRule[] = [
    { kind: 'window', key: `client:${clientId}`, windowMs: CLIENT_WINDOW_MS, max: CLIENT_MAX },
  ];
  if (address !== undefined)
    rules.push({ kind: 'gcra', key: `address:${address}`, periodMs: ADDRESS_PERIOD_MS, burst: ADDRESS_BURST });
  return rules;
}
