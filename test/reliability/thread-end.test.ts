// The SQLite writer thread ending in the middle of a write, on whatever Node runs the suite (22, 24, 26):
// the process lives on, the message in flight is answered 451, the thread is started again, and nothing
// acknowledged is lost (P36). The thread is made to fail from the inside through the inspector protocol
// (test/support/thread-inspector.ts); the service has no hook for it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { inspectThreads } from '../support/thread-inspector.js';
import { SHARED_BACKENDS, startTestApp, type TestApp } from '../support/test-app.js';

const skip = SHARED_BACKENDS ? 'the writer thread is the SQLite engine; PostgreSQL has none' : false;

// Ends the thread from inside the transaction, after the mail's row was written and before its message
// row: the second statement run of the group.
const EXIT_MID_TRANSACTION = `(() => {
  const { StatementSync } = process.getBuiltinModule('node:sqlite');
  const run = StatementSync.prototype.run;
  let calls = 0;
  StatementSync.prototype.run = function (...args) {
    calls += 1;
    if (calls === 2) process.exit(1);
    return run.apply(this, args);
  };
  return 'armed';
})()`;

// Throws out of the thread's message handler when the next write arrives, before its group begins (the
// handler measures the group's bytes with Array.prototype.reduce): an uncaught exception, as a bug in the
// thread would raise, with that write taken off the port and not yet answered.
const CRASH_ON_NEXT_WRITE = `(() => {
  const reduce = Array.prototype.reduce;
  Array.prototype.reduce = function () {
    Array.prototype.reduce = reduce;
    throw new Error('the writer thread crashed (test)');
  };
  return 'armed';
})()`;

async function sendTo(t: TestApp, subject: string): Promise<{ code: number; response: string }> {
  try {
    const info = await t.send({
      from: 'a@example.org',
      to: 'thread-end@inboxd.test',
      subject,
      text: `body of ${subject}`,
    });
    return { code: Number(info.response.slice(0, 3)), response: info.response };
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    return { code: responseCode ?? 0, response: response ?? String(error) };
  }
}

async function subjects(t: TestApp): Promise<string[]> {
  t.clock.advance(1);
  const list = await t.api('/api/v1/mailbox?address=thread-end@inboxd.test&limit=200');
  assert.equal(list.status, 200);
  return (list.json.messages as { subject: string }[]).map((m) => m.subject).sort();
}

describe('the SQLite writer thread ending mid-write (P36)', { skip }, () => {
  for (const [how, trap] of [
    ['exits in the middle of a transaction', EXIT_MID_TRANSACTION],
    ['crashes with an uncaught exception while holding a write', CRASH_ON_NEXT_WRITE],
  ] as const) {
    it(`${how}: the process lives on, the message in flight gets 451, the thread restarts and nothing acknowledged is lost`, async () => {
      const t = await startTestApp();
      const threads = await inspectThreads('sqlite-writer');
      try {
        const acked: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          const sent = await sendTo(t, `before ${i}`);
          assert.equal(sent.code, 250, sent.response);
          acked.push(`before ${i}`);
        }
        assert.equal(await threads.evaluate(trap), 'armed');

        const inFlight = await sendTo(t, 'in flight');
        assert.equal(inFlight.code, 451, `the message in flight: ${inFlight.response}`);

        // A new thread takes the next write.
        const after = await sendTo(t, 'after');
        assert.equal(after.code, 250, after.response);
        acked.push('after');
        await threads.started(1);
        assert.equal(threads.seen(), 2, 'the writer thread was started again once');

        assert.deepEqual(await subjects(t), acked.sort(), 'every acknowledged message, and not the one refused');
        assert.equal((await t.api('/healthz')).status, 200);

        const db = new DatabaseSync(join(t.dataDir, 'inboxd.sqlite'), { readOnly: true });
        try {
          assert.equal(
            (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
            'ok',
          );
          assert.equal(
            (db.prepare('SELECT count(*) AS n FROM mails').get() as { n: number }).n,
            acked.length,
            'no half-written mail',
          );
        } finally {
          db.close();
        }
      } finally {
        threads.close();
        await t.stop();
      }
    });
  }

  it('a process that exits while the thread holds writes ends with its own exit code, and the store keeps every write answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inboxd-exit-'));
    const path = join(dir, 'exit.sqlite');
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          import.meta.resolve('tsx'),
          new URL('../fixtures/processes/exit-mid-write.ts', import.meta.url).pathname,
          path,
          '300',
          '20',
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.once('exit', (c, s) => resolve([c, s])),
      );
      assert.equal(signal, null, `ended by ${signal}: ${stderr}`);
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /Assertion failed|Aborted|FATAL/);
      const answered = stdout.split('\n').filter(Boolean);
      assert.ok(answered.length >= 20, `${answered.length} writes answered`);

      const db = new DatabaseSync(path);
      try {
        assert.equal((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
        const stored = new Set((db.prepare('SELECT id FROM mails').all() as { id: string }[]).map((row) => row.id));
        assert.deepEqual(
          answered.filter((id) => !stored.has(id)),
          [],
          'every answered write is stored',
        );
        assert.equal(
          (
            db
              .prepare(
                'SELECT count(*) AS n FROM mails WHERE NOT EXISTS (SELECT 1 FROM messages WHERE mail_id = mails.id)',
              )
              .get() as { n: number }
          ).n,
          0,
        );
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
