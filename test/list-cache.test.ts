// The list cache across two nodes sharing PostgreSQL and Redis (P37): a delivery, a seen flag or a delete
// made through one node reaches the other's cached pages at once. The rules of one node's ETag, 304 and
// cached page are tested in process in test/fast/list-cache.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postgresSkipReason, redisSkipReason, TEST_REDIS_URL } from './support/backends.js';
import { poll, subjects } from './support/list-polls.js';
import { SHARED_BACKENDS, startTestApp, type TestApp } from './support/test-app.js';

// A second node on the same PostgreSQL and Redis: its changes reach the first node's cached pages with no
// event to wait for, since every list reads the mailbox's version from Redis.
const sharedSkip = (await postgresSkipReason()) ?? (await redisSkipReason());

describe('list cache across two nodes on PostgreSQL and Redis (P37)', { skip: sharedSkip ?? false }, () => {
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    // In the shared pass every app is on PostgreSQL and Redis already; otherwise this suite makes it so.
    a = await startTestApp(SHARED_BACKENDS ? {} : await sharedEnv());
    const config = a.app.config;
    b = await startTestApp(
      {
        INBOXD_DATABASE_URL: config.databaseUrl!,
        INBOXD_REDIS_URL: config.redisUrl!,
        INBOXD_REDIS_PREFIX: config.redisPrefix,
      },
      { clockStart: a.clock.now() },
    );
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
    await dropShared?.();
  });

  it('a delivery, a seen flag and a delete through node B change what node A answers, at once', async () => {
    const address = 'two-nodes@inboxd.test';
    const sync = () => b.clock.set(a.clock.now());
    const empty = await poll(a, address);
    let etag = empty.headers.get('etag')!;
    assert.equal((await poll(a, address, etag)).status, 304);
    sync();
    await b.send({ from: 'a@example.org', to: address, subject: 'via B', text: 'x' });
    const delivered = await poll(a, address, etag);
    assert.equal(delivered.status, 200);
    assert.deepEqual(subjects(delivered), ['via B']);
    etag = delivered.headers.get('etag')!;
    assert.equal((await poll(a, address, etag)).status, 304);
    // The same page has the same tag on either node: a client moving between them keeps its 304s.
    b.clock.set(a.clock.now() + 1000);
    assert.equal(
      (await b.api(`/api/v1/mailbox?address=${address}`, { headers: { 'if-none-match': etag } })).status,
      304,
    );
    a.clock.advance(1000);

    const id = (delivered.json.messages as { id: string }[])[0]!.id;
    b.clock.advance(1000);
    assert.equal((await b.api(`/api/v1/message/${id}?mailbox=${address}`)).status, 200);
    const seen = await poll(a, address, etag);
    assert.equal(seen.status, 200);
    assert.equal(seen.json.messages[0].seen, true);
    assert.equal((await poll(a, address)).json.messages[0].seen, true);
    etag = seen.headers.get('etag')!;

    b.clock.advance(1000);
    assert.equal((await b.api(`/api/v1/message/${id}?mailbox=${address}`, { method: 'DELETE' })).status, 200);
    const deleted = await poll(a, address, etag);
    assert.equal(deleted.status, 200);
    assert.deepEqual(subjects(deleted), []);
    assert.deepEqual(subjects(await poll(a, address)), []);
  });
});

let dropShared: (() => Promise<void>) | undefined;

async function sharedEnv(): Promise<Record<string, string>> {
  const { createTestSchema, testRedisPrefix } = await import('./support/backends.js');
  const schema = await createTestSchema();
  dropShared = () => schema.drop();
  return { INBOXD_DATABASE_URL: schema.url, INBOXD_REDIS_URL: TEST_REDIS_URL, INBOXD_REDIS_PREFIX: testRedisPrefix() };
}
