// The shared MailEvents adapter (INBOXD_REDIS_URL): Redis pub/sub on one channel per deployment. Each
// node subscribes once, at start, before it serves, and fans each event out to its own waiters through
// the in-process adapter; a delivery on any node publishes after its commit, so a wait on one node wakes
// on a delivery taken by another.
//
// Why Redis pub/sub and not PostgreSQL LISTEN/NOTIFY: Redis is already every node's shared limiter, so
// events add no new dependency; a NOTIFY is queued under a lock that every notifying transaction takes
// at commit, which would serialise the message commits that are our hot path; and LISTEN holds a
// dedicated connection outside the pool on each node. Pub/sub is fire-and-forget, which suits a wake-up:
// the message itself is already committed, and a waiter that misses an event finds the message on its
// next look (wait_for_message looks again every 5 s).
import type { Redis } from 'ioredis';
import type { MailEvents, NewMailEvent } from './mail-events.js';
import { createMemoryEvents } from './memory-events.js';

export interface RedisEventsOptions {
  publisher: Redis;
  /** A connection of its own: a subscribed connection can do nothing else. */
  subscriber: Redis;
  prefix: string;
}

function parseEvent(payload: string): NewMailEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<NewMailEvent>;
    return typeof value.mailbox === 'string' && typeof value.messageId === 'string' ? { mailbox: value.mailbox, messageId: value.messageId } : null;
  } catch {
    return null;
  }
}

export async function createRedisEvents(options: RedisEventsOptions): Promise<MailEvents> {
  const { publisher, subscriber } = options;
  const channel = `${options.prefix}mail`;
  const local = createMemoryEvents();
  const onMessage = (from: string, payload: string) => {
    if (from !== channel) return;
    const event = parseEvent(payload);
    if (event !== null) void local.publish(event);
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(channel);
  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify({ mailbox: event.mailbox, messageId: event.messageId }));
    },
    subscribe: (mailbox, listener) => local.subscribe(mailbox, listener),
    subscribers: (mailbox) => local.subscribers(mailbox),
    async close() {
      subscriber.off('message', onMessage);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      await local.close();
    },
  };
}
