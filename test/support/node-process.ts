// A real `inboxd` process (as an operator runs it): `serve` started on ports chosen by the OS, read back
// from its "inboxd started" log line, with HTTPS and SMTP clients that trust its generated certificate;
// and one-shot operator commands. For tests that kill a node with SIGKILL or run several nodes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { Agent, fetch, type RequestInit } from 'undici';
import { generatedCertificatePath } from '../../src/tls/tls-material.js';

const main = new URL('../../src/main.ts', import.meta.url).pathname;

export interface NodeResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: any;
  text: string;
  body: Buffer;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  dataDir: string;
  smtpPort: number;
  httpsPort: number;
  cert: string;
  api(path: string, init?: RequestInit): Promise<NodeResponse>;
  send(message: Mail.Options): Promise<{ response: string }>;
  /** SIGKILL: no goodbye, no flush, no closing of connections. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function spawnInboxd(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `options.dataDir`: a directory the caller owns and keeps (to start a node again on the same store
 * after a kill); by default a fresh one, removed when the node ends. */
export async function startNode(env: Record<string, string>, options: { dataDir?: string } = {}): Promise<NodeProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'inboxd-node-'));
  const child = spawnInboxd(['serve'], {
    INBOXD_DATA_DIR: dataDir,
    INBOXD_SMTP_PORT: '0',
    INBOXD_HTTP_PORT: '0',
    INBOXD_HTTPS_PORT: '0',
    INBOXD_PARSER_THREADS: '1',
    ...env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let started: { smtpPort: number; httpsPort: number } | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    const entry = JSON.parse(line) as { msg?: string; smtpPort: number; httpsPort: number };
    if (entry.msg === 'inboxd started') {
      started = entry;
      break;
    }
  }
  if (started === undefined) throw new Error(`inboxd serve did not start: ${stderr}`);
  child.stdout?.resume();
  const cert = readFileSync(generatedCertificatePath(dataDir, 'localhost'), 'utf8');
  const dispatcher = new Agent({ connect: { ca: cert, servername: 'localhost' } });
  // Short greeting and connection timeouts: a connection caught by a SIGKILL gives up in 3 s, not in
  // nodemailer's default 30 s (which would hold the test process open that long).
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: started.smtpPort,
    secure: false,
    tls: { ca: cert, servername: 'localhost' },
    greetingTimeout: 3000,
    connectionTimeout: 3000,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let cleaned: Promise<void> | undefined;
  const cleanup = () =>
    (cleaned ??= (async () => {
      transport.close();
      await dispatcher.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    })());
  return {
    child,
    pid: child.pid ?? 0,
    dataDir,
    smtpPort: started.smtpPort,
    httpsPort: started.httpsPort,
    cert,
    async api(path, init = {}) {
      const response = await fetch(`https://127.0.0.1:${started.httpsPort}${path}`, { ...init, dispatcher });
      const body = Buffer.from(await response.arrayBuffer());
      const text = body.toString('utf8');
      return {
        status: response.status,
        headers: response.headers as unknown as Headers,
        json: parseJson(text),
        text,
        body,
      };
    },
    send: (message) => transport.sendMail(message),
    async kill() {
      child.kill('SIGKILL');
      await exited;
      await cleanup();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
}

/** Runs one operator command (`inboxd keys create …`) and returns its exit code and parsed --json output. */
export async function runInboxd(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; json: any; stderr: string }> {
  const child = spawnInboxd(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, json, stderr };
}
