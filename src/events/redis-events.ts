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
// next look (wait_for_message looks again every 5 s, the page's live list every 20 s).
//
// Versions (P37) are not carried by pub/sub, which may lose a message: each mailbox's version is a Redis
// key (`{prefix}ver:{mailbox}`), set to a new token by every touch and read by every list, so a change
// committed through one node is seen by the next list on any node. A key that is missing (never set, or
// gone after its hour) is given a fresh token by the same command that reads it (SET NX GET, Redis 7), so
// a version once answered never comes back and a lost key costs only a cache miss.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { MailEvents, NewMailEvent } from './mail-events.js';
import { createMemoryEvents } from './memory-events.js';

export interface RedisEventsOptions {
  publisher: Redis;
  /** A connection of its own: a subscribed connection can do nothing else. */
  subscriber: Redis;
  prefix: string;
}

/** How long a version key lives after it was set; any value is correct, a shorter one costs more misses. */
export const VERSION_TTL_MS = 60 * 60 * 1000;

function parseEvent(payload: string): NewMailEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<NewMailEvent>;
    return typeof value.mailbox === 'string' && typeof value.messageId === 'string'
      ? { mailbox: value.mailbox, messageId: value.messageId }
      : null;
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
  const versionKey = (mailbox: string) => `${options.prefix}ver:${mailbox}`;
  // Tokens unique across nodes and runs: a random id of this process and a counter.
  const node = randomBytes(6).toString('base64url');
  let counter = 0;
  const token = () => `${node}.${(++counter).toString(36)}`;
  subscriber.on('message', onMessage);
  await subscriber.subscribe(channel);
  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify({ mailbox: event.mailbox, messageId: event.messageId }));
    },
    subscribe: (mailbox, listener) => local.subscribe(mailbox, listener),
    subscribers: (mailbox) => local.subscribers(mailbox),
    async touch(mailboxes) {
      if (mailboxes.length === 1) {
        await publisher.set(versionKey(mailboxes[0]!), token(), 'PX', VERSION_TTL_MS);
        return;
      }
      const batch = publisher.multi();
      for (const mailbox of new Set(mailboxes)) batch.set(versionKey(mailbox), token(), 'PX', VERSION_TTL_MS);
      const replies = await batch.exec();
      const failed = replies?.find(([error]) => error !== null);
      if (replies === null || failed !== undefined) throw failed?.[0] ?? new Error('the version update was discarded');
    },
    async version(mailbox) {
      const fresh = token();
      const previous = await publisher.set(versionKey(mailbox), fresh, 'PX', VERSION_TTL_MS, 'NX', 'GET');
      return previous ?? fresh;
    },
    async close() {
      subscriber.off('message', onMessage);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      await local.close();
    },
  };
}
