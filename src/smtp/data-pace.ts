// The pace a DATA transfer must keep (issue 20), as Postfix bounds each read (smtpd_timeout) and the whole
// message: in every window of `windowMs` while the session is reading, at least `minBytes` must arrive,
// and the whole message within `deadlineMs` of reading time. Time spent paused by the intake gate (the
// server's choice, not the sender's) counts for neither: a window is measured in reading time, so a
// session paused and resumed over and over is judged as if it had read without a break. A sender that stalls or trickles one byte every
// few seconds is told 421 and closed, instead of holding a connection and its buffered bytes for the idle timeout or longer.
import type { Clock } from '../clock.js';

export interface DataPaceOptions {
  clock: Clock;
  /** Default 10 s. */
  windowMs?: number;
  /** Bytes due in each window; default 5 KiB (512 bytes/s, Postfix's smtpd_min_data_rate is 500). */
  minBytes?: number;
  /** The whole message, reading time only; default 10 minutes. */
  deadlineMs?: number;
  /** Called once when the pace is not kept. */
  onTooSlow(reason: 'too_slow' | 'deadline'): void;
}

export interface DataPace {
  bytes(count: number): void;
  /** The server paused the reading (the session waits for an intake slot through no fault of its own). */
  pause(): void;
  resume(): void;
  stop(): void;
}

export function watchDataPace(options: DataPaceOptions): DataPace {
  const { clock } = options;
  const windowMs = options.windowMs ?? 10_000;
  const minBytes = options.minBytes ?? 5 * 1024;
  const deadlineMs = options.deadlineMs ?? 10 * 60_000;
  let inWindow = 0;
  /** Reading time of the current window and of the whole message, before the current stretch. */
  let windowSpent = 0;
  let totalSpent = 0;
  let readingSince: number | null = clock.now();
  let cancel: (() => void) | null = null;
  let done = false;

  const stretch = () => (readingSince === null ? 0 : clock.now() - readingSince);
  const fail = (reason: 'too_slow' | 'deadline') => {
    if (done) return;
    stop();
    options.onTooSlow(reason);
  };
  /** Due when the window's reading time runs out, or the deadline's, whichever is first. */
  const arm = () => {
    cancel?.();
    const left = Math.min(windowMs - windowSpent, deadlineMs - totalSpent);
    cancel = clock.schedule(Math.max(0, left), check);
  };
  function check(): void {
    cancel = null;
    if (done || readingSince === null) return;
    const now = clock.now();
    windowSpent += now - readingSince;
    totalSpent += now - readingSince;
    readingSince = now;
    if (totalSpent >= deadlineMs) return fail('deadline');
    if (windowSpent >= windowMs) {
      if (inWindow < minBytes) return fail('too_slow');
      inWindow = 0;
      windowSpent = 0;
    }
    arm();
  }
  function stop(): void {
    done = true;
    cancel?.();
    cancel = null;
  }
  arm();
  return {
    bytes(count) {
      inWindow += count;
    },
    pause() {
      if (done || readingSince === null) return;
      windowSpent += stretch();
      totalSpent += stretch();
      readingSince = null;
      cancel?.();
      cancel = null;
    },
    resume() {
      if (done || readingSince !== null) return;
      readingSince = clock.now();
      arm();
    },
    stop,
  };
}
