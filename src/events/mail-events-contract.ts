// The contract every MailEvents adapter passes: in-process (memory-events.ts) and Redis (redis-events.ts,
// shared across nodes).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { MailEvents, NewMailEvent } from './mail-events.js';

/** Resolves with the next event a subscription receives. */
function nextEvent(events: MailEvents, mailbox: string): Promise<{ event: Promise<NewMailEvent>; stop: () => void }> {
  const { promise: event, resolve } = Promise.withResolvers<NewMailEvent>();
  return events.subscribe(mailbox, resolve).then((stop) => ({ event, stop }));
}

export function runMailEventsContract(name: string, open: () => Promise<MailEvents> | MailEvents): void {
  describe(`MailEvents contract: ${name}`, () => {
    let events: MailEvents;
    beforeEach(async () => {
      events = await open();
    });
    afterEach(() => events.close());

    it('delivers a published event to every subscriber of that mailbox', async () => {
      const a = await nextEvent(events, 'x@inboxd.test');
      const b = await nextEvent(events, 'x@inboxd.test');
      await events.publish({ mailbox: 'x@inboxd.test', messageId: 'M1' });
      assert.deepEqual(await a.event, { mailbox: 'x@inboxd.test', messageId: 'M1' });
      assert.deepEqual(await b.event, { mailbox: 'x@inboxd.test', messageId: 'M1' });
      a.stop();
      b.stop();
    });

    it("does not deliver another mailbox's events, nor any after unsubscribing", async () => {
      const seen: string[] = [];
      const stop = await events.subscribe('y@inboxd.test', (e) => seen.push(e.messageId));
      assert.equal(events.subscribers('y@inboxd.test'), 1);
      const other = await nextEvent(events, 'z@inboxd.test');
      await events.publish({ mailbox: 'z@inboxd.test', messageId: 'M2' });
      await other.event;
      stop();
      assert.equal(events.subscribers('y@inboxd.test'), 0);
      await events.publish({ mailbox: 'y@inboxd.test', messageId: 'M3' });
      const marker = await nextEvent(events, 'z@inboxd.test');
      await events.publish({ mailbox: 'z@inboxd.test', messageId: 'M4' });
      await marker.event;
      other.stop();
      marker.stop();
      assert.deepEqual(seen, []);
    });

    it('keeps delivering to the others when one listener throws', async () => {
      await events.subscribe('t@inboxd.test', () => {
        throw new Error('listener failure');
      });
      const good = await nextEvent(events, 't@inboxd.test');
      await events.publish({ mailbox: 't@inboxd.test', messageId: 'M5' });
      assert.equal((await good.event).messageId, 'M5');
    });

    it("keeps a mailbox's version until it is touched, then never answers an earlier one again (P37)", async () => {
      const first = await events.version('v@inboxd.test');
      assert.equal(typeof first, 'string');
      assert.equal(await events.version('v@inboxd.test'), first, 'an untouched mailbox keeps its version');
      const seen = new Set([first]);
      for (let i = 0; i < 3; i += 1) {
        await events.touch(['v@inboxd.test']);
        const next = await events.version('v@inboxd.test');
        assert.ok(!seen.has(next), `touch ${i + 1} gave a version answered before`);
        assert.equal(await events.version('v@inboxd.test'), next);
        seen.add(next);
      }
    });

    it('moves only the touched mailboxes, several at once, and none on publish alone', async () => {
      const before = {
        a: await events.version('a@inboxd.test'),
        b: await events.version('b@inboxd.test'),
        c: await events.version('c@inboxd.test'),
      };
      await events.touch(['a@inboxd.test', 'b@inboxd.test', 'a@inboxd.test']);
      assert.notEqual(await events.version('a@inboxd.test'), before.a);
      assert.notEqual(await events.version('b@inboxd.test'), before.b);
      assert.equal(await events.version('c@inboxd.test'), before.c);
      await events.touch([]);
      assert.equal(await events.version('c@inboxd.test'), before.c);
    });
  });
}
