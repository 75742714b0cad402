import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { createManualClock } from '../../clock.js';
import type { MailEvents } from '../../events/mail-events.js';
import { createMemoryEvents } from '../../events/memory-events.js';
import { openMailboxFeed, type MailboxFeed, type MailboxFeedItem } from './mailbox-feed.js';

const MAILBOX = 'feed@inboxd.test';
const TICK = 5000;
const LIFETIME = 12_000;

async function setup(signal?: AbortSignal, lifetimeMs = LIFETIME) {
  const events = createMemoryEvents();
  const clock = createManualClock();
  const feed = await openMailboxFeed({ events, clock }, { mailbox: MAILBOX, signal, tickMs: TICK, lifetimeMs });
  const deliver = (messageId: string, mailbox = MAILBOX) => events.publish({ mailbox, messageId });
  return { events, clock, feed, deliver };
}

/** The value of a pull that has already settled, or 'pending' (after every queued callback has run). */
async function settledValue(
  pull: Promise<IteratorResult<MailboxFeedItem>>,
): Promise<IteratorResult<MailboxFeedItem> | 'pending'> {
  let result: IteratorResult<MailboxFeedItem> | 'pending' = 'pending';
  void pull.then((value) => (result = value));
  await new Promise((resolve) => setImmediate(resolve));
  return result;
}

async function pull(feed: MailboxFeed): Promise<MailboxFeedItem | 'done'> {
  const result = await feed.next();
  return result.done === true ? 'done' : result.value;
}

describe('mailbox feed', () => {
  it('yields each message delivered to its mailbox, and none of another mailbox', async () => {
    const { feed, deliver } = await setup();
    const first = feed.next();
    assert.equal(await settledValue(first), 'pending', 'nothing has arrived yet');
    await deliver('other-id', 'someone-else@inboxd.test');
    await deliver('id-1');
    assert.deepEqual(await settledValue(first), { done: false, value: { kind: 'arrived', messageId: 'id-1' } });
    feed.close();
  });

  it('queues a message delivered before the consumer pulls, in order, from the moment it was opened', async () => {
    const { feed, deliver } = await setup();
    await deliver('id-1');
    await deliver('id-2');
    assert.deepEqual(await pull(feed), { kind: 'arrived', messageId: 'id-1' });
    assert.deepEqual(await pull(feed), { kind: 'arrived', messageId: 'id-2' });
    feed.close();
  });

  it('starts its clock at the first pull, not when it is opened', async () => {
    const { feed, clock } = await setup();
    assert.equal(clock.pendingTimers(), 0);
    clock.advance(LIFETIME);
    const pending = feed.next();
    assert.equal(clock.pendingTimers(), 2, 'the lifetime and the tick');
    assert.equal(await settledValue(pending), 'pending', 'the lifetime counts from the first pull');
    feed.close();
  });

  it('yields a tick on the clock, with the time since the first pull', async () => {
    const { feed, clock } = await setup();
    const first = feed.next();
    clock.advance(TICK - 1);
    assert.equal(await settledValue(first), 'pending');
    clock.advance(1);
    assert.deepEqual(await first, { done: false, value: { kind: 'tick', elapsedMs: TICK } });
    const second = feed.next();
    clock.advance(TICK);
    assert.deepEqual(await second, { done: false, value: { kind: 'tick', elapsedMs: 2 * TICK } });
    feed.close();
  });

  it('folds ticks the consumer did not pull into one', async () => {
    const { feed, clock } = await setup(undefined, 60_000);
    const first = feed.next();
    clock.advance(TICK);
    await first;
    clock.advance(TICK);
    clock.advance(TICK);
    assert.equal(clock.pendingTimers(), 2, 'one tick scheduled at a time');
    assert.deepEqual(await pull(feed), { kind: 'tick', elapsedMs: 3 * TICK });
    assert.equal(await settledValue(feed.next()), 'pending', 'the tick before it was folded into it');
    feed.close();
  });

  it('ends with the lifetime, then finishes, and lets go of the events and the clock', async () => {
    const { feed, clock, events } = await setup();
    const first = feed.next();
    clock.advance(TICK);
    await first;
    clock.advance(LIFETIME - TICK);
    assert.deepEqual(await pull(feed), { kind: 'end', reason: 'lifetime' }, 'a tick due with the end is dropped');
    assert.equal(events.subscribers(MAILBOX), 0);
    assert.equal(clock.pendingTimers(), 0);
    assert.equal(await pull(feed), 'done');
  });

  it('hands over the messages that arrived before its lifetime ended, then ends', async () => {
    const { feed, clock, deliver } = await setup();
    const first = feed.next();
    await deliver('id-1');
    await first;
    await deliver('id-2');
    clock.advance(LIFETIME);
    assert.deepEqual(await pull(feed), { kind: 'arrived', messageId: 'id-2' });
    assert.deepEqual(await pull(feed), { kind: 'end', reason: 'lifetime' });
  });

  it('ends at once when its signal is aborted during a pull, and lets go of everything', async () => {
    const controller = new AbortController();
    const { feed, clock, events } = await setup(controller.signal);
    const pending = feed.next();
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    controller.abort();
    assert.deepEqual(await pending, { done: false, value: { kind: 'end', reason: 'aborted' } });
    assert.equal(events.subscribers(MAILBOX), 0);
    assert.equal(clock.pendingTimers(), 0);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    assert.equal(await pull(feed), 'done');
  });

  it('hands nothing more over once aborted, not even messages already queued', async () => {
    const controller = new AbortController();
    const { feed, clock, deliver } = await setup(controller.signal);
    await deliver('id-1');
    controller.abort();
    assert.deepEqual(await pull(feed), { kind: 'end', reason: 'aborted' });
    assert.equal(clock.pendingTimers(), 0, 'a feed aborted before its first pull never starts its clock');
  });

  it('lets go of the events, the clock and the signal when the consumer breaks out of for await', async () => {
    const controller = new AbortController();
    const { feed, clock, events, deliver } = await setup(controller.signal);
    await deliver('id-1');
    const seen: MailboxFeedItem[] = [];
    for await (const item of feed) {
      seen.push(item);
      break;
    }
    assert.deepEqual(seen, [{ kind: 'arrived', messageId: 'id-1' }]);
    assert.equal(events.subscribers(MAILBOX), 0);
    assert.equal(clock.pendingTimers(), 0);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    await deliver('id-2');
    assert.equal(await pull(feed), 'done');
  });

  it('finishes a pull that is waiting when it is closed', async () => {
    const { feed, clock, events } = await setup();
    const pending = feed.next();
    feed.close();
    assert.deepEqual(await pending, { done: true, value: undefined });
    assert.equal(events.subscribers(MAILBOX), 0);
    assert.equal(clock.pendingTimers(), 0);
    feed.close();
  });

  it('rejects when it cannot subscribe, holding no timer', async () => {
    const clock = createManualClock();
    const events = {
      ...createMemoryEvents(),
      subscribe: () => Promise.reject(new Error('events unreachable')),
    } satisfies MailEvents;
    await assert.rejects(
      openMailboxFeed({ events, clock }, { mailbox: MAILBOX, tickMs: TICK, lifetimeMs: LIFETIME }),
      /events unreachable/,
    );
    assert.equal(clock.pendingTimers(), 0);
  });
});
