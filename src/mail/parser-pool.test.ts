// The mail worker threads (P53): the first from the start, a spare only while it is busy and a task waits,
// warm before it takes a task, and gone again once idle.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createParserPool } from './parser-pool.js';

const mail = (n: number) =>
  new TextEncoder().encode(`From: a@example.org\r\nSubject: number ${n}\r\n\r\nYour code is 48291${n}.\r\n`);

/** Resolves once `condition` holds, checked every few milliseconds; fails after five seconds. */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the mail worker threads (P53)', () => {
  it('runs one thread while tasks come one at a time', async () => {
    const pool = createParserPool({ threads: 2, timeoutMs: 10_000 });
    try {
      await pool.warm();
      for (let n = 0; n < 5; n += 1) {
        const decoded = await pool.decode(mail(n));
        assert.equal(decoded.ok && decoded.subject, `number ${n}`);
      }
      assert.equal(pool.threads(), 1);
    } finally {
      await pool.close();
    }
  });

  it('starts a spare when a task waits for the busy first thread, and ends it once it has idled', async () => {
    const pool = createParserPool({ threads: 2, timeoutMs: 10_000, spareIdleMs: 50 });
    try {
      await pool.warm();
      // Asked at once: the second finds the first thread busy and waits for whichever is free first.
      const decoded = await Promise.all([0, 1, 2, 3].map((n) => pool.decode(mail(n))));
      assert.deepEqual(
        decoded.map((d) => d.ok && d.subject),
        ['number 0', 'number 1', 'number 2', 'number 3'],
      );
      await eventually(() => pool.threads() === 2, 'a spare thread started');
      await eventually(() => pool.threads() === 1, 'the idle spare ended');
      const after = await pool.decode(mail(9));
      assert.equal(after.ok && after.subject, 'number 9');
    } finally {
      await pool.close();
    }
  });

  it('never runs more threads than it may', async () => {
    const pool = createParserPool({ threads: 1, timeoutMs: 10_000 });
    try {
      await Promise.all([0, 1, 2, 3].map((n) => pool.decode(mail(n))));
      assert.equal(pool.threads(), 1);
    } finally {
      await pool.close();
    }
  });
});
