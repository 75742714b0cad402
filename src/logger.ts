// JSON logs with pino. Message bodies, attachments and keys are never logged; the authorization header
// is redacted from request logs.
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'inboxd' },
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
  });
}
