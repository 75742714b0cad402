import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Redis } from 'ioredis';
import { redisSkipReason, TEST_REDIS_URL, testRedisPrefix } from '../../test/support/backends.js';
import { connectRedis } from '../redis-connection.js';
import { runMailEventsContract } from './mail-events-contract.js';
import type { MailEvents, NewMailEvent } from './mail-events.js';
import { createRedisEvents } from './redis-events.js';

const skip = await redisSkipReason();
if (skip !== null) {
  it('MailEvents contract: redis', { skip }, () => undefined);
} else {
  const connections: Redis[] = [];
  async function node(prefix: string): Promise<MailEvents> {
    const publisher = await connectRedis(TEST_REDIS_URL);
    const subscriber = await connectRedis(TEST_REDIS_URL);
    connections.push(publisher, subscriber);
    return createRedisEvents({ publisher, subscriber, prefix });
  }
  after(async () => {
    for (const c of connections) await c.quit();
  });

  runMailEventsContract('redis pub/sub', () => node(testRedisPrefix()));

  describe('Redis events between nodes', () => {
    it('wakes a subscriber on one node with an event published on another, and not on another deployment', async () => {
      const prefix = testRedisPrefix();
      const a = await node(prefix);
      const b = await node(prefix);
      const elsewhere = await node(testRedisPrefix());
      const strays: NewMailEvent[] = [];
      await elsewhere.subscribe('n@inboxd.test', (e) => strays.push(e));
      const received = new Promise<NewMailEvent>((resolve) => void b.subscribe('n@inboxd.test', resolve));
      await a.publish({ mailbox: 'n@inboxd.test', messageId: 'M9' });
      assert.deepEqual(await received, { mailbox: 'n@inboxd.test', messageId: 'M9' });
      // A marker on the other deployment's channel arrives after anything that would have strayed.
      const marker = new Promise<NewMailEvent>((resolve) => void elsewhere.subscribe('marker@inboxd.test', resolve));
      await elsewhere.publish({ mailbox: 'marker@inboxd.test', messageId: 'M10' });
      await marker;
      assert.deepEqual(strays, []);
      for (const events of [a, b, elsewhere]) await events.close();
    });

    it('shows a touch made on one node to the next version read on another, with no wait (P37)', async () => {
      const prefix = testRedisPrefix();
      const a = await node(prefix);
      const b = await node(prefix);
      const before = await b.version('shared@inboxd.test');
      assert.equal(await a.version('shared@inboxd.test'), before, 'both nodes answer one version');
      await a.touch(['shared@inboxd.test']);
      const after = await b.version('shared@inboxd.test');
      assert.notEqual(after, before);
      assert.equal(await a.version('shared@inboxd.test'), after);
      for (const events of [a, b]) await events.close();
    });
  });
}
