// Other SMTP servers the ingest benchmark measures beside inboxd (issue 15, goal 5): Haraka, a full MTA
// in Node, configured to accept any recipient and discard every message, and MailDev, a test inbox in
// Node that writes each message to a temporary directory and keeps its parsed form in memory. They are
// installed by the benchmark into bench/peers/node_modules (exact versions in bench/peers/package.json),
// never as dependencies of the service. Each runs in its own process on a free loopback port and is
// ready when it answers EHLO.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './processes.js';

const peersDir = new URL('../peers/', import.meta.url).pathname;

export type PeerName = 'haraka' | 'maildev';

export const PEER_VERSIONS: Record<PeerName, { pkg: string; version: string }> = {
  haraka: { pkg: 'Haraka', version: '3.3.4' },
  maildev: { pkg: 'maildev', version: '2.2.1' },
};

export interface RunningPeer {
  name: PeerName;
  child: ChildProcess;
  pid: number;
  port: number;
  stop(): Promise<void>;
}

function installedVersion(pkg: string): string | undefined {
  const file = join(peersDir, 'node_modules', pkg, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
}

/** The lines of npm's error output that say what failed (its code and message), not its stack or advice. */
export function npmError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter(
      (l) =>
        l !== '' &&
        !l.startsWith('at ') &&
        !/Unknown (user|env) config|complete log|behind a proxy|npm help|^syscall |^errno /.test(l),
    );
  return lines.slice(0, 2).join('; ').slice(0, 300) || 'no output';
}

/**
 * Installs the peers into bench/peers/node_modules unless the exact versions are there already.
 * Never throws: a failure (no network, no npm) is returned as the reason the peers are skipped.
 */
export function installPeers(log: (line: string) => void): { ok: true } | { ok: false; reason: string } {
  const missing = Object.values(PEER_VERSIONS).filter((p) => installedVersion(p.pkg) !== p.version);
  if (missing.length === 0) return { ok: true };
  log(`installing the peers (${missing.map((p) => `${p.pkg} ${p.version}`).join(', ')}) into bench/peers/node_modules`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', peersDir, '--no-audit', '--no-fund', '--loglevel=error'], {
    encoding: 'utf8',
    timeout: 5 * 60_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (result.error !== undefined)
    return { ok: false, reason: `npm ci --prefix bench/peers failed: ${result.error.message}` };
  if (result.status !== 0) {
    return {
      ok: false,
      reason: `npm ci --prefix bench/peers exited ${result.status}: ${npmError(result.stderr ?? '')}`,
    };
  }
  const still = Object.values(PEER_VERSIONS).filter((p) => installedVersion(p.pkg) !== p.version);
  if (still.length > 0)
    return { ok: false, reason: `after npm ci, ${still.map((p) => `${p.pkg} ${p.version}`).join(', ')} still missing` };
  return { ok: true };
}

/** A port nobody listens on now: a server opened on port 0 and closed (for servers that cannot take 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Connects, reads the banner, sends EHLO and QUIT; true when a 250 answered the EHLO. */
export async function answersEhlo(port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    let stage: 'banner' | 'ehlo' = 'banner';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete at a line whose code is followed by a space (not a dash).
      const complete = buffer.split('\r\n').find((line) => /^\d{3} /.test(line));
      if (complete === undefined) return;
      buffer = '';
      if (stage === 'banner') {
        if (!complete.startsWith('220')) return done(false);
        stage = 'ehlo';
        socket.write('EHLO bench.test\r\n');
      } else {
        socket.write('QUIT\r\n');
        done(complete.startsWith('250'));
      }
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/** Waits until the child answers EHLO on `port`; throws with its output if it exits or takes over `timeoutMs`. */
async function readyOrThrow(
  name: string,
  child: ChildProcess,
  port: number,
  output: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before it answered EHLO: ${output().slice(0, 3000)}`,
      );
    if (await answersEhlo(port, 1000)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopChild(child);
  throw new Error(
    `${name} did not answer EHLO on 127.0.0.1:${port} within ${timeoutMs / 1000} s: ${output().slice(0, 3000)}`,
  );
}

/** Keeps the last 16 KB of a child's output (and drains its pipes, so it never blocks on a full one). */
function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/** The plugin Haraka runs alone: no reverse DNS, any recipient accepted, every message discarded after DATA. */
export const HARAKA_DISCARD_PLUGIN = `'use strict'
// Generated by inboxd's bench/support/peers.ts: accept any recipient, discard every message.
exports.register = function () {
  this.register_hook('lookup_rdns', 'no_rdns')
  this.register_hook('rcpt', 'any_rcpt')
  this.register_hook('queue', 'discard')
}
exports.no_rdns = function (next) { next(OK, 'localhost') }
exports.any_rcpt = function (next) { next(OK) }
exports.discard = function (next) { next(OK, 'discarded') }
`;

/** Haraka's config files for one process on 127.0.0.1:`port` with only the discard plugin. */
export function harakaConfig(port: number): Record<string, string> {
  return {
    'config/smtp.ini': [
      `listen=127.0.0.1:${port}`,
      'nodes=0',
      'inactivity_timeout=60',
      'graceful_shutdown=false',
      'force_shutdown_timeout=2',
      '',
    ].join('\n'),
    'config/plugins': 'bench_discard\n',
    // warn: Haraka logs several lines per connection at info; the bare smtp-server logs nothing.
    'config/log.ini': ['[main]', 'level=warn', 'timestamps=false', 'format=default', ''].join('\n'),
    // Haraka's own connection.ini as shipped (copied in startHaraka): at most 25 MiB a message, so the
    // 7 MB sample fits, and a message kept in memory below 25 MiB (spool_after's default).
    // Haraka 3 resolves its own host name and public address at start-up unless told: name it here.
    'config/me': 'bench.test\n',
    'config/host_list': 'inboxd.test\n',
    'plugins/bench_discard.js': HARAKA_DISCARD_PLUGIN,
  };
}

export async function startHaraka(): Promise<RunningPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-haraka-'));
  const port = await freePort();
  const files = {
    ...harakaConfig(port),
    'config/connection.ini': readFileSync(join(peersDir, 'node_modules', 'Haraka', 'config', 'connection.ini'), 'utf8'),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const bin = join(peersDir, 'node_modules', 'Haraka', 'bin', 'haraka');
  return launch('haraka', 'Haraka', dir, port, [bin, '-c', dir]);
}

export async function startMaildev(): Promise<RunningPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-maildev-'));
  const port = await freePort();
  const bin = join(peersDir, 'node_modules', 'maildev', 'bin', 'maildev');
  return launch('maildev', 'MailDev', dir, port, [
    bin,
    '--smtp',
    String(port),
    '--ip',
    '127.0.0.1',
    '--disable-web',
    '--mail-directory',
    dir,
    '--silent',
  ]);
}

/** Starts a peer in `dir` (its own temporary folder, removed when it stops or fails to start) and waits
 * until it answers EHLO on `port`. */
async function launch(name: PeerName, label: string, dir: string, port: number, args: string[]): Promise<RunningPeer> {
  const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  try {
    await readyOrThrow(label, child, port, output);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    name,
    child,
    pid: child.pid!,
    port,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const startPeer = (name: PeerName): Promise<RunningPeer> => (name === 'haraka' ? startHaraka() : startMaildev());
