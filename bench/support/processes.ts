// The processes a benchmark measures, each started on ports the OS chooses: inboxd itself (the built
// dist/main.js, as an operator runs it), the bare smtp-server and fixed-JSON ceilings, and Postfix's
// smtp-sink. Each is stopped with SIGTERM (SIGKILL after 5 s).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('../../', import.meta.url).pathname;

export interface Running {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

export interface RunningInboxd extends Running {
  smtpPort: number;
  httpsPort: number;
  dataDir: string;
  certFile: string;
  keyFile: string;
}

/** SIGTERM, then SIGKILL if it has not exited in 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Waits for the first stdout line that `accept` turns into a value; the rest of stdout is drained. */
async function firstLine<T>(child: ChildProcess, accept: (line: string) => T | undefined): Promise<T> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for await (const line of createInterface({ input: child.stdout! })) {
    const value = accept(line);
    if (value !== undefined) {
      child.stdout!.resume();
      return value;
    }
  }
  throw new Error(`process ended before it was ready: ${stderr}`);
}

function parseJsonLine(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function startInboxd(
  env: Record<string, string>,
  options: { dataDir?: string; nodeArgs?: string[] } = {},
): Promise<RunningInboxd> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'inboxd-bench-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(root, 'dist/main.js'), 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      INBOXD_DATA_DIR: dataDir,
      INBOXD_SMTP_PORT: '0',
      INBOXD_HTTP_PORT: '0',
      INBOXD_HTTPS_PORT: '0',
      INBOXD_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = await firstLine(child, (line) => {
    const entry = parseJsonLine(line);
    return entry?.msg === 'inboxd started' ? (entry as { smtpPort: number; httpsPort: number }) : undefined;
  });
  return {
    child,
    pid: child.pid!,
    smtpPort: started.smtpPort,
    httpsPort: started.httpsPort,
    dataDir,
    certFile: join(dataDir, 'tls', 'localhost.crt'),
    keyFile: join(dataDir, 'tls', 'localhost.key'),
    async stop() {
      await stopChild(child);
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bench/servers/*.ts program that prints `{"port": N}` when it listens. */
export async function startHelper(file: string, args: string[] = []): Promise<Running & { port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(root, 'bench/servers', file), ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const port = await firstLine(child, (line) => parseJsonLine(line)?.port as number | undefined);
  return { child, pid: child.pid!, port, stop: () => stopChild(child) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Postfix's smtp-sink: accepts and discards, the machine's SMTP ceiling. */
export async function startSmtpSink(): Promise<Running & { port: number }> {
  const port = await freePort();
  const user = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child = spawn('smtp-sink', [...user, `127.0.0.1:${port}`, '1024'], { stdio: ['ignore', 'ignore', 'pipe'] });
  for (let i = 0; i < 100 && !(await acceptsConnections(port)); i++) await new Promise((r) => setTimeout(r, 20));
  return { child, pid: child.pid!, port, stop: () => stopChild(child) };
}

/** Resident set size of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? 0 : Number(match[1]) * 1024;
}
