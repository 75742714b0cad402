// Retention (D4): every minute, delete what expired. Readers already stop seeing a message at its
// expires_at; the sweeper frees the space within 5 minutes after.
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { MessageStore } from '../store/message-store.js';

export interface Sweeper {
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface SweeperOptions {
  store: Pick<MessageStore, 'deleteExpired'>;
  clock: Clock;
  intervalMs: number;
  logger: Logger;
  /** Told of each run's outcome (metrics). */
  onRun?(result: { deleted: number } | { error: unknown }): void;
}

export function createSweeper(options: SweeperOptions): Sweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    if (running !== undefined) return running;
    running = options.store
      .deleteExpired(options.clock.now())
      .then(
        (deleted) => {
          options.onRun?.({ deleted });
          if (deleted > 0) options.logger.info({ deleted }, 'expired mail swept');
          return deleted;
        },
        (error: unknown) => {
          options.onRun?.({ error });
          throw error;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer !== undefined) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => options.logger.error({ err: error }, 'sweep failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
