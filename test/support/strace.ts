// strace attached to a running inboxd process: to watch its system calls (which fsync comes before which
// socket write) or to make chosen ones fail (`-e inject=fsync:error=EIO`, `pwrite64:error=ENOSPC`), and
// detached again to end the fault while the process goes on. Needs strace and the right to trace (root
// or the same user with ptrace allowed); CI installs strace and runs as root.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Strace {
  /** What strace wrote so far (with `-o`). */
  output(): string;
  /** Stops tracing (and injecting); the traced process carries on. Resolves to the whole trace. */
  detach(): Promise<string>;
}

/** Undefined when strace can attach here; else why not. CI must be able to (it fails instead of skipping). */
export function straceSkipReason(): string | undefined {
  const probe = spawnSync('strace', ['-qq', '-e', 'trace=none', 'true'], { encoding: 'utf8' });
  if (probe.error !== undefined) return `strace is not installed (${probe.error.message})`;
  if (probe.status !== 0) return `strace cannot trace here: ${probe.stderr.trim()}`;
  return undefined;
}

export function requireStrace(): string | undefined {
  const reason = straceSkipReason();
  if (reason !== undefined && process.env.CI === 'true') throw new Error(`CI must run the strace tests: ${reason}`);
  return reason;
}

export async function attachStrace(pid: number, args: string[]): Promise<Strace> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-strace-'));
  const file = join(dir, 'trace');
  const child = spawn('strace', ['-f', '-p', String(pid), '-o', file, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/Process \d+ attached/.test(stderr)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`strace exited (${code}) before attaching: ${stderr}`)));
  });
  const read = () => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  let detached: Promise<string> | undefined;
  return {
    output: read,
    detach: () =>
      (detached ??= (async () => {
        child.kill('SIGINT');
        await exited;
        const trace = read();
        rmSync(dir, { recursive: true, force: true });
        return trace;
      })()),
  };
}
