// Long-lived requests one client network may hold open at once on this node: agent waits (D24) and the
// page's live mailbox streams (D26) share one allowance, since each holds a connection open.
import { AppError } from '../../errors.js';
import { holdKey } from './counted-keys.js';

export const MAX_OPEN_PER_NETWORK = 50;

export interface OpenStreams {
  /** Counts one more open request for the network, or refuses with rate_limited; returns its release. */
  open(network: string): () => void;
}

export function createOpenStreams(max: number = MAX_OPEN_PER_NETWORK): OpenStreams {
  const open = new Map<string, number>();
  return {
    open(network) {
      const held = open.get(network) ?? 0;
      if (held >= max) {
        throw new AppError('rate_limited', `At most ${max} waits and live streams at once from one client.`, {
          retryAfterSeconds: 1,
        });
      }
      return holdKey(open, network);
    },
  };
}
