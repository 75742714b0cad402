// The inboxd command as an operator runs it: `inboxd serve` starts on the embedded defaults, reports
// every configuration problem at once, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { Agent, fetch } from 'undici';

const main = new URL('../src/main.ts', import.meta.url).pathname;

function run(env: Record<string, string>, cwd: string) {
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, 'serve'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('inboxd serve', () => {
  it('starts with SQLite and a generated certificate in the data directory, serves the API, and stops on SIGTERM', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'inboxd-cli-'));
    const child = run({ INBOXD_SMTP_PORT: '0', INBOXD_HTTP_PORT: '0', INBOXD_HTTPS_PORT: '0' }, cwd);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const logs: Record<string, unknown>[] = [];
    let started: Record<string, number> | undefined;
    for await (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      if (entry.msg === 'inboxd started') {
        started = entry as Record<string, number>;
        break;
      }
    }
    assert.ok(started, 'the service logs its ports when it has started');
    assert.ok(
      logs.some((l) => /self-signed/.test(String(l.msg))),
      'it says that it made a certificate',
    );
    const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
    const response = await fetch(`https://127.0.0.1:${started.httpsPort}/api/v1/mailbox?address=a@inboxd.test`, {
      dispatcher,
    });
    assert.equal(response.status, 200);
    await dispatcher.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    // Node 22 warns that node:sqlite is experimental; inboxd chose it knowingly and drops that warning (P36).
    assert.doesNotMatch(stderr, /ExperimentalWarning/);
    rmSync(cwd, { recursive: true, force: true });
  });

  it('reports every configuration problem at once and exits 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'inboxd-cli-'));
    const child = run(
      { INBOXD_SMTP_PORT: 'seventy', INBOXD_HTTPS_PORT: '70000', INBOXD_PUBLIC_DOMAINS: 'ok.test,bad_domain' },
      cwd,
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /INBOXD_SMTP_PORT/);
    assert.match(stderr, /INBOXD_HTTPS_PORT/);
    assert.match(stderr, /INBOXD_PUBLIC_DOMAINS/);
    rmSync(cwd, { recursive: true, force: true });
  });

  // CI sets INBOXD_TEST_OLD_NODE to the machine's own Node when it is older than 22.16 (.ci/run).
  const oldNode = process.env.INBOXD_TEST_OLD_NODE;
  it(
    'refuses a Node.js older than 22.16 with one line and exit 1, before loading anything else',
    { skip: oldNode === undefined ? 'no older Node to try (set INBOXD_TEST_OLD_NODE to its binary)' : false },
    async () => {
      const built = new URL('../dist/main.js', import.meta.url).pathname;
      const child = spawn(oldNode!, [built, 'serve'], {
        env: { ...process.env, INBOXD_SMTP_PORT: '0', INBOXD_HTTP_PORT: '0', INBOXD_HTTPS_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      assert.equal(code, 1);
      assert.equal(stdout, '');
      assert.match(
        stderr,
        /^inboxd needs Node\.js 22\.16 or newer \(22, 24 or 26\); this is Node\.js \d+\.\d+\.\d+\.\n$/,
      );
    },
  );
});
