// The list as pollers see it (P37), in process: an ETag on every page, 304 with no body while the page is
// unchanged, and a cached page that never outlives a change: a delivery, a delete, a seen flag, an expiry
// (by the injected clock, D4). The gate (D17 limits, D11–D14 access) still runs on every conditional
// request. Changes made through another node sharing PostgreSQL and Redis: test/list-cache.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFastApp } from '../support/fast-app.js';
import { poll, subjects } from '../support/list-polls.js';
import { appForSuite } from '../support/suite-app.js';

const RETENTION_MS = 5 * 24 * 60 * 60 * 1000;

describe('list ETag and 304 (P37)', () => {
  const t = appForSuite(() => startFastApp());

  it('gives an ETag and Cache-Control: private, no-cache, and 304 with no body while nothing changed', async () => {
    const address = 'etag@inboxd.test';
    await t.send({ from: 'a@example.org', to: address, subject: 'one', text: 'x' });
    const first = await poll(t, address);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag');
    assert.ok(etag !== null && /^"[^"]+"$/.test(etag), `a strong ETag: ${etag}`);
    assert.equal(first.headers.get('cache-control'), 'private, no-cache');
    const again = await poll(t, address);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(again.body, first.body, 'the cached page is the same bytes');
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const conditional = await poll(t, address, header);
      assert.equal(conditional.status, 304, header);
      assert.equal(conditional.body, '');
      assert.ok(
        [null, '0'].includes(conditional.headers.get('content-length')),
        `no body announced: ${conditional.headers.get('content-length')}`,
      );
      assert.equal(conditional.headers.get('etag'), etag);
      assert.equal(conditional.headers.get('cache-control'), 'private, no-cache');
      assert.ok(conditional.headers.get('ratelimit-limit') !== null, 'a 304 was counted by the limits');
    }
    assert.equal((await poll(t, address, '"not-this-one"')).status, 200);
    // Another page of the same mailbox has its own tag.
    t.clock.advance(1000);
    const small = await t.api(`/api/v1/mailbox?address=${address}&limit=1`, { headers: { 'if-none-match': etag } });
    assert.equal(small.status, 200);
    assert.notEqual(small.headers.get('etag'), etag);
  });

  it('still applies the per-address limit to conditional requests (D17)', async () => {
    const address = 'burst@inboxd.test';
    const first = await poll(t, address);
    const etag = first.headers.get('etag')!;
    t.clock.advance(10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await t.api(`/api/v1/mailbox?address=${address}`, { headers: { 'if-none-match': etag } })).status);
    assert.deepEqual(statuses, [304, 304, 304, 304, 304, 429]);
  });

  it('shows a delivery at once: neither the cached page nor the old ETag hides it', async () => {
    const address = 'arrivals@inboxd.test';
    const empty = await poll(t, address);
    assert.deepEqual(subjects(empty), []);
    const etag = empty.headers.get('etag')!;
    assert.equal((await poll(t, address, etag)).status, 304);
    await t.send({ from: 'a@example.org', to: address, subject: 'new', text: 'x' });
    const conditional = await poll(t, address, etag);
    assert.equal(conditional.status, 200);
    assert.deepEqual(subjects(conditional), ['new']);
    assert.notEqual(conditional.headers.get('etag'), etag);
    assert.deepEqual(subjects(await poll(t, address)), ['new']);
  });

  it('shows a seen flag and a delete at once', async () => {
    const address = 'changes@inboxd.test';
    await t.send({ from: 'a@example.org', to: address, subject: 'keep', text: 'x' });
    await t.send({ from: 'a@example.org', to: address, subject: 'drop', text: 'x' });
    const listed = await poll(t, address);
    const [drop, keep] = listed.json.messages as { id: string; seen: boolean }[];
    assert.deepEqual(subjects(listed), ['drop', 'keep']);
    let etag = listed.headers.get('etag')!;

    t.clock.advance(1000);
    assert.equal((await t.api(`/api/v1/message/${keep!.id}?mailbox=${address}`)).status, 200);
    const afterRead = await poll(t, address, etag);
    assert.equal(afterRead.status, 200);
    assert.deepEqual(
      (afterRead.json.messages as { seen: boolean }[]).map((m) => m.seen),
      [false, true],
    );
    assert.deepEqual(
      (await poll(t, address)).json.messages.map((m: { seen: boolean }) => m.seen),
      [false, true],
    );
    etag = afterRead.headers.get('etag')!;

    t.clock.advance(1000);
    assert.equal((await t.api(`/api/v1/message/${drop!.id}?mailbox=${address}`, { method: 'DELETE' })).status, 200);
    const afterDelete = await poll(t, address, etag);
    assert.equal(afterDelete.status, 200);
    assert.deepEqual(subjects(afterDelete), ['keep']);
    assert.deepEqual(subjects(await poll(t, address)), ['keep']);
  });

  it('drops an expired message from the cached page and from the ETag at its expires_at (D4), and `next` with it', async () => {
    const address = 'expiry@inboxd.test';
    await t.send({ from: 'a@example.org', to: address, subject: 'old', text: 'x' });
    t.clock.advance(60 * 60 * 1000);
    await t.send({ from: 'a@example.org', to: address, subject: 'newer', text: 'x' });
    const full = await poll(t, address);
    assert.deepEqual(subjects(full), ['newer', 'old']);
    const oldExpiry = Date.parse((full.json.messages as { expires_at: string }[])[1]!.expires_at);
    t.clock.advance(1000);
    const firstPage = await t.api(`/api/v1/mailbox?address=${address}&limit=1`);
    assert.equal(firstPage.json.next, (full.json.messages as { id: string }[])[0]!.id, 'an older message remains');
    const etag = full.headers.get('etag')!;
    const pageEtag = firstPage.headers.get('etag')!;

    // One millisecond before: unchanged.
    t.clock.set(oldExpiry - 1);
    assert.equal(
      (await t.api(`/api/v1/mailbox?address=${address}`, { headers: { 'if-none-match': etag } })).status,
      304,
    );
    // At expires_at the message is gone to every reader (D4), cached or not, before any sweep.
    t.clock.set(oldExpiry);
    const expired = await t.api(`/api/v1/mailbox?address=${address}`, { headers: { 'if-none-match': etag } });
    assert.equal(expired.status, 200);
    assert.deepEqual(subjects(expired), ['newer']);
    t.clock.advance(1000);
    assert.deepEqual(subjects(await t.api(`/api/v1/mailbox?address=${address}`)), ['newer']);
    t.clock.advance(1000);
    const lastPage = await t.api(`/api/v1/mailbox?address=${address}&limit=1`, {
      headers: { 'if-none-match': pageEtag },
    });
    assert.equal(lastPage.status, 200, 'the page of one changed too: nothing older remains');
    assert.equal(lastPage.json.next, null);
    t.clock.advance(RETENTION_MS);
    assert.deepEqual(subjects(await poll(t, address)), []);
  });
});
