// The service composed as startApp composes it (src/app.ts composeApp: the real use cases, store, limits,
// events, parser pool and HTTPS application) but with no listener: requests go through Fastify's
// `inject()` and mail through `inbox.checkRecipient` and `inbox.deliver`, the use cases the SMTP edge
// calls, so a test of one HTTP, access or limit rule pays for neither TLS nor SMTP. What only a real
// client can show (TLS, the SMTP dialogue, keep-alive, streaming, the plain-HTTP redirect) stays with
// test-app.ts. Like it, it honours INBOXD_TEST_SHARED=1 (PostgreSQL and Redis).
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { composeApp, type AppOptions, type ComposedApp } from '../../src/app.js';
import { createManualClock, type ManualClock } from '../../src/clock.js';
import type { AcceptedRecipient, RecipientCheck } from '../../src/inbox/check-recipient.js';
import type { Delivered } from '../../src/inbox/deliver.js';
import type { ApiResponse } from './test-app.js';
import { createTestConfig } from './test-config.js';

export type { ApiResponse } from './test-app.js';

export interface FastRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's address as the socket shows it (127.0.0.1 by default, as for a test on loopback). */
  remoteAddress?: string;
}

export interface Transaction {
  /** Each RCPT TO's verdict, in order. */
  checks: RecipientCheck[];
  /** Set when at least one recipient was accepted and the message was stored. */
  delivered: Delivered | undefined;
}

export interface FastApp {
  app: ComposedApp;
  clock: ManualClock;
  /** One request to the HTTPS application, in process. */
  api(path: string, init?: FastRequest): Promise<ApiResponse>;
  /** One SMTP transaction as the SMTP edge runs it: every recipient checked, then one delivery to those
   * accepted. A refused delivery throws its DeliveryError. */
  deliver(envelope: { from: string | null; to: string[] }, raw: Uint8Array): Promise<Transaction>;
  /** A message built as nodemailer builds it, delivered to its envelope; throws unless every recipient
   * was accepted and the message stored. */
  send(message: Mail.Options): Promise<Delivered>;
  stop(): Promise<void>;
}

function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/** Composes the service; `options.clockStart` sets its manual clock's first reading (now by default). */
export async function startFastApp(
  env: Record<string, string> = {},
  options: { clockStart?: number; app?: Pick<AppOptions, 'sweepIntervalMs'> } = {},
): Promise<FastApp> {
  const { config, cleanUp } = await createTestConfig(env);
  const clock = createManualClock(options.clockStart ?? Date.now());
  const app = await composeApp({ ...options.app, config, clock }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  // What startApp sets once its HTTPS port is known: no port here, since nothing listens.
  if (config.baseUrl === undefined) app.setBaseUrl(`https://${config.hostname}`);
  await app.https.ready();

  async function deliver(envelope: { from: string | null; to: string[] }, raw: Uint8Array): Promise<Transaction> {
    const checks: RecipientCheck[] = [];
    const accepted: AcceptedRecipient[] = [];
    for (const to of envelope.to) {
      const check = await app.inbox.checkRecipient(to, accepted);
      checks.push(check);
      if ('recipient' in check && !accepted.some((a) => a.address.address === check.recipient.address.address))
        accepted.push(check.recipient);
    }
    if (accepted.length === 0) return { checks, delivered: undefined };
    // The inbox takes the bytes over (they may move to a parser thread): it gets a copy.
    const delivered = await app.inbox.deliver(
      { from: envelope.from, heloName: 'client.test', recipients: accepted },
      Uint8Array.from(raw),
    );
    return { checks, delivered };
  }

  return {
    app,
    clock,
    async api(path, init = {}) {
      const response = await app.https.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { payload: init.body }),
        ...(init.remoteAddress === undefined ? {} : { remoteAddress: init.remoteAddress }),
      });
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, headers: toHeaders(response.headers), body: response.body, json };
    },
    deliver,
    async send(message) {
      const mail = new MailComposer(message).compile();
      const envelope = mail.getEnvelope();
      const raw = await mail.build();
      const { checks, delivered } = await deliver(
        { from: envelope.from === false ? null : envelope.from, to: envelope.to },
        raw,
      );
      const refused = checks.filter((c) => !('recipient' in c));
      if (refused.length > 0 || delivered === undefined)
        throw new Error(`recipients refused: ${JSON.stringify(refused.map((c) => c.verdict))}`);
      return delivered;
    },
    async stop() {
      await app.https.close();
      await app.close();
      await cleanUp();
    },
  };
}
