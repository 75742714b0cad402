// The SMTP listening socket: a session per connection (smtp-session.ts), the certificate for STARTTLS, and a
// shutdown that lets sessions finish the message they are sending for a grace period before 421 (D10: a
// message is either answered 250 and stored, or not stored).
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { SmtpSession, type SessionHooks } from './smtp-session.js';

export interface SmtpListenerOptions {
  hostname: string;
  /** PEM; both empty when no certificate is configured (STARTTLS is then not offered). */
  tls: { key: string; cert: string };
  hooks: SessionHooks;
  /** How long close() lets sessions finish before they are told 421. */
  closeTimeoutMs: number;
  /** Called when the grace period ends, just before the sessions are told 421. */
  onGraceOver(): void;
}

export interface SmtpListener {
  /** `backlog`: connections the kernel may hold before they are accepted (capped by net.core.somaxconn). */
  listen(port: number, host: string, backlog?: number): Promise<number>;
  close(): Promise<void>;
}

/** After the grace period, how long sessions still answering get before they are cut off. */
const LAST_WORD_MS = 5000;

export function createSmtpListener(options: SmtpListenerOptions): SmtpListener {
  const sessions = new Set<SmtpSession>();
  let allClosed: (() => void) | null = null;
  let context: SecureContext | null = null;
  const { key, cert } = options.tls;
  const tls = key !== '' && cert !== '' ? () => (context ??= createSecureContext({ key, cert })) : null;
  const hooks: SessionHooks = {
    ...options.hooks,
    closed(session) {
      sessions.delete(session as SmtpSession);
      options.hooks.closed(session);
      if (sessions.size === 0) allClosed?.();
    },
  };
  let counter = 0;
  const server = createServer((socket) => {
    counter += 1;
    const session = new SmtpSession(socket, { id: counter.toString(36), hostname: options.hostname, tls, hooks });
    sessions.add(session);
    session.start();
  });
  server.on('error', () => undefined);

  return {
    async listen(port, host, backlog) {
      server.listen({ port, host, ...(backlog === undefined ? {} : { backlog }) });
      await once(server, 'listening');
      return (server.address() as AddressInfo).port;
    },
    async close() {
      server.close();
      for (const session of sessions) session.drain();
      if (sessions.size > 0) {
        await new Promise<void>((resolve) => {
          let lastWord: NodeJS.Timeout | undefined;
          const grace = setTimeout(() => {
            options.onGraceOver();
            for (const session of sessions) session.abort();
            lastWord = setTimeout(() => {
              for (const session of sessions) session.destroy();
            }, LAST_WORD_MS);
          }, options.closeTimeoutMs);
          allClosed = () => {
            clearTimeout(grace);
            clearTimeout(lastWord);
            resolve();
          };
          if (sessions.size === 0) allClosed();
        });
      }
      options.onGraceOver();
    },
  };
}
