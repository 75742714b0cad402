// Refused recipients per client network, across its sessions (issue 20): a recipient on a domain we do not
// host costs an MX lookup (D11, cached 5 minutes either way), so a client that sends many of them, over
// many connections, could make the server look up domain after domain for it. Past `max` refusals in
// `windowMs`, the client's further recipients are not looked at: its session is told 421 and closed
// before any lookup, as Postfix's anvil limits do. Each session's own limit (MAX_REFUSED_RECIPIENTS)
// stands beside this one. One sliding window per network (limits/sliding-window.ts), forgotten once empty.
import type { Clock } from '../clock.js';
import { clientNetwork } from '../limits/client-network.js';
import { emptyWindow, evaluateWindow, recordInWindow, slide, type WindowState } from '../limits/sliding-window.js';
import type { WindowRule } from '../limits/rate-limiter.js';

export interface RefusedRecipientsOptions {
  clock: Clock;
  /** Default 60 refusals a minute. */
  max?: number;
  windowMs?: number;
}

export interface RefusedRecipients {
  /** Whether this client may have another recipient looked at now. */
  allowed(address: string): boolean;
  /** Counts one refused recipient of this client. */
  refused(address: string): void;
}

export function createRefusedRecipients(options: RefusedRecipientsOptions): RefusedRecipients {
  const rule: WindowRule = {
    kind: 'window',
    key: 'refused-recipients',
    windowMs: options.windowMs ?? 60_000,
    max: options.max ?? 60,
  };
  const windows = new Map<string, WindowState>();
  let sweeps = 0;
  /** Now and then, the windows that have emptied are dropped, so the map holds only recent clients. */
  const sweep = (now: number) => {
    if ((sweeps += 1) % 1000 !== 0) return;
    for (const [network, state] of windows) {
      slide(state, now, rule);
      if (state.total === 0) windows.delete(network);
    }
  };
  return {
    allowed(address) {
      const state = windows.get(clientNetwork(address));
      return state === undefined || evaluateWindow(state, options.clock.now(), rule).allowed;
    },
    refused(address) {
      const network = clientNetwork(address);
      const now = options.clock.now();
      let state = windows.get(network);
      if (state === undefined) windows.set(network, (state = emptyWindow()));
      slide(state, now, rule);
      recordInWindow(state, now, rule);
      sweep(now);
    },
  };
}
