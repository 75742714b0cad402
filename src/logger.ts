// JSON logs with pino. Message bodies, attachments and keys are never logged; the authorization header
// is redacted from request logs.
//
// Lines go to stdout through a buffer: written when 4 KiB have gathered or 100 ms have passed, and at
// once when the process exits (pino flushes it on `exit`). A line per accepted message written on its
// own cost a write system call per message, about a twentieth of the CPU a 4 KB message costs (issue
// 15); what a buffer can lose is the last 100 ms of lines when the process is killed outright.
import { pino, type Logger } from 'pino';

/** A line waits at most this long before it is written. */
export const LOG_FLUSH_MS = 100;
const LOG_BUFFER_BYTES = 4096;

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'inboxd' },
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}
