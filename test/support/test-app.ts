// Starts the real service on ports chosen by the OS, with a manual clock and a fresh data directory,
// and gives tests real clients: fetch over HTTPS (trusting the generated certificate) and nodemailer.
// With INBOXD_TEST_SHARED=1 every app runs on PostgreSQL and Redis instead of SQLite and in-process
// state (a fresh schema and key prefix each), so the same end-to-end suite proves both (`npm test`
// runs it both ways; see scripts/test.sh).
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { Agent, fetch, type RequestInit } from 'undici';
import { startApp, type AppOptions, type RunningApp } from '../../src/app.js';
import { createManualClock, type ManualClock } from '../../src/clock.js';
import { createTestConfig } from './test-config.js';

export { SHARED_BACKENDS } from './test-config.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: string;
  json: any;
}

export interface TestApp {
  app: RunningApp;
  clock: ManualClock;
  dataDir: string;
  api(path: string, init?: RequestInit): Promise<ApiResponse>;
  /** An HTTPS request whose body the caller reads as it arrives (the live mailbox stream). */
  open(path: string, init?: RequestInit): Promise<Awaited<ReturnType<typeof fetch>>>;
  /** Plain HTTP to the redirect listener. */
  plain(path: string, init?: RequestInit): Promise<ApiResponse>;
  send(message: Mail.Options): Promise<{ response: string; accepted: unknown[]; rejected: unknown[] }>;
  stop(): Promise<void>;
}

async function toResponse(response: Awaited<ReturnType<typeof fetch>>): Promise<ApiResponse> {
  const body = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers as unknown as Headers, body, json };
}

/** Starts the service; `options.clockStart` sets its manual clock's first reading (now by default);
 * `options.app` passes options of the composition root itself. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { clockStart?: number; app?: Pick<AppOptions, 'smtpCloseTimeoutMs' | 'sweepIntervalMs'> } = {},
): Promise<TestApp> {
  const { config, dataDir, cleanUp } = await createTestConfig(env);
  const clock = createManualClock(options.clockStart ?? Date.now());
  const app = await startApp({ ...options.app, config, clock }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  const dispatcher = new Agent({ connect: { ca: app.tls.cert, servername: 'localhost' } });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: app.smtpPort,
    secure: false,
    tls: { ca: app.tls.cert, servername: 'localhost' },
  });
  return {
    app,
    clock,
    dataDir,
    api: async (path, init = {}) =>
      toResponse(await fetch(`https://127.0.0.1:${app.httpsPort}${path}`, { ...init, dispatcher })),
    open: (path, init = {}) => fetch(`https://127.0.0.1:${app.httpsPort}${path}`, { ...init, dispatcher }),
    plain: async (path, init = {}) =>
      toResponse(await fetch(`http://127.0.0.1:${app.httpPort}${path}`, { redirect: 'manual', ...init })),
    send: (message) => transport.sendMail(message),
    async stop() {
      transport.close();
      // The app first: it ends the streams still open on this client (a dispatcher waits for them).
      await app.stop();
      await dispatcher.close();
      await cleanUp();
    },
  };
}
