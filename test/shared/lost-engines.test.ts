// PostgreSQL or Redis lost and found again. Without the database (D10) SMTP answers 451 and stores
// nothing; without Redis the API answers 503 (limits cannot be checked) while mail is still taken in.
// Either way /readyz answers 503 so a balancer takes the node out, the process stays up, and service
// resumes by itself when the engine is back, with nothing acknowledged before missing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createTestSchema,
  postgresSkipReason,
  redisSkipReason,
  TEST_PG_URL,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestSchema,
} from '../support/backends.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const skip = await postgresSkipReason();

describe('a node that loses its PostgreSQL', { skip: skip ?? false }, () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let t: TestApp;

  before(async () => {
    schema = await createTestSchema();
    const target = new URL(TEST_PG_URL);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(schema.url);
    url.host = `127.0.0.1:${proxy.port}`;
    t = await startTestApp({ INBOXD_DATABASE_URL: url.toString() });
  });
  after(async () => {
    await t?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  it('answers 451 and 503 while it is gone, and resumes by itself when it is back', async () => {
    const address = 'lost@inboxd.test';
    assert.match(
      (await t.send({ from: 'a@example.org', to: address, subject: 'before', text: 'kept' })).response,
      /^250 /,
    );

    proxy.cut();
    await assert.rejects(
      t.send({ from: 'a@example.org', to: address, subject: 'during', text: 'refused' }),
      (error: { responseCode?: number; response?: string }) => {
        assert.equal(error.responseCode, 451, error.response);
        return true;
      },
    );
    const notReady = await t.api('/readyz');
    assert.equal(notReady.status, 503);
    assert.equal(notReady.json.error, 'unavailable');
    assert.ok(Number(notReady.headers.get('retry-after')) > 0);
    assert.equal((await t.api('/healthz')).status, 200, 'the process itself is up');
    t.clock.advance(1000);
    const read = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.equal(read.status, 503, 'a read while the store is gone is unavailable, never a 500');
    assert.equal(read.json.error, 'unavailable');
    assert.equal(read.headers.get('retry-after'), '5');

    proxy.restore();
    assert.equal((await t.api('/readyz')).status, 200);
    assert.match(
      (await t.send({ from: 'a@example.org', to: address, subject: 'after', text: 'kept too' })).response,
      /^250 /,
    );
    t.clock.advance(1000);
    const list = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.deepEqual(
      list.json.messages.map((m: { subject: string }) => m.subject),
      ['after', 'before'],
      'the refused message was not stored',
    );
  });
});

const redisSkip = await redisSkipReason();

describe('a node that loses its Redis', { skip: redisSkip ?? false }, () => {
  let proxy: TcpProxy;
  let t: TestApp;

  before(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await startTestApp({
      INBOXD_REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      INBOXD_REDIS_PREFIX: testRedisPrefix(),
    });
  });
  after(async () => {
    await t?.stop();
    await proxy?.close();
  });

  it('refuses API requests with 503 while it is gone, still takes mail in, and resumes by itself', async () => {
    const address = 'no-redis@inboxd.test';
    assert.equal((await t.api(`/api/v1/mailbox?address=${address}`)).status, 200);

    proxy.cut();
    const refused = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.equal(refused.status, 503);
    assert.equal(refused.json.error, 'unavailable');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal((await t.api('/readyz')).status, 503);
    assert.match(
      (await t.send({ from: 'a@example.org', to: address, subject: 'while Redis was away', text: 'kept' })).response,
      /^250 /,
    );

    proxy.restore();
    let back = await t.api('/readyz');
    // ioredis reconnects on its own schedule (at most 2 s apart); wait for it, without a fixed sleep.
    for (let i = 0; back.status !== 200 && i < 100; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      back = await t.api('/readyz');
    }
    assert.equal(back.status, 200);
    t.clock.advance(1000);
    const list = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.deepEqual(
      list.json.messages.map((m: { subject: string }) => m.subject),
      ['while Redis was away'],
    );
  });
});
