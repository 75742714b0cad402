import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runMailEventsContract } from './mail-events-contract.js';
import { createMemoryEvents } from './memory-events.js';

runMailEventsContract('in-process', () => createMemoryEvents());

describe('in-process versions, bounded', () => {
  it('forgets the least recently touched mailboxes past the bound, and a forgotten one never gets an old version back', async () => {
    const events = createMemoryEvents({ maxMailboxes: 10 });
    const answered = new Map<string, Set<string>>();
    const ask = async (mailbox: string) => {
      const v = await events.version(mailbox);
      const set = answered.get(mailbox) ?? new Set<string>();
      answered.set(mailbox, set);
      return { v, set };
    };
    const untouched = await ask('quiet@inboxd.test');
    untouched.set.add(untouched.v);
    for (let i = 0; i < 50; i += 1) {
      const mailbox = `m${i % 25}@inboxd.test`;
      const before = await ask(mailbox);
      before.set.add(before.v);
      await events.touch([mailbox]);
      const after = await ask(mailbox);
      assert.ok(!after.set.has(after.v), `${mailbox} answered an earlier version again`);
      after.set.add(after.v);
    }
    // The quiet mailbox was never touched: at most its version moved on with the forgetting.
    for (const [mailbox, set] of answered) {
      const now = await events.version(mailbox);
      if (set.has(now)) assert.equal(now, [...set].at(-1), `${mailbox} went back to an older version`);
    }
    await events.close();
  });
});
