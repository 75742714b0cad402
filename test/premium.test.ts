// The premium pool (D13–D15) end to end, with a pool of 92 domains as in production: the first read with
// a live premium key reserves an address to its account; everyone else gets the statuses of D14 and never
// a mailbox; premium arrivals count against the holder's monthly quota and are deferred over it with
// 452 4.2.2, while public and own domains stay unlimited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Operator } from '../src/operator/operator.js';
import { accountWithKey, bearer, operatorOf, PREMIUM_POOL, type IssuedKey } from './support/operator.js';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const body = (subject: string) => Buffer.from(`From: a@sender.example\r\nSubject: ${subject}\r\n\r\nYour code is 123456\r\n`);

describe('premium pool (D14, D15)', () => {
  let t: TestApp;
  let operator: Operator;
  let holder: IssuedKey;
  const address = `agent-7@${PREMIUM_POOL[41]}`;
  const send = (to: string[], subject = 'code') => sendRaw(t.app.smtpPort, { from: 'a@sender.example', to }, body(subject));
  const list = (path: string, key?: string) => {
    t.clock.advance(1000);
    return t.api(path, key === undefined ? {} : { headers: bearer(key) });
  };

  before(async () => {
    t = await startTestApp({ INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(',') });
    operator = operatorOf(t);
    holder = await accountWithKey(operator, { plan: 'premium', quota: '3' });
  });
  after(() => t.stop());

  it('accepts mail for an unreserved premium address without counting it', async () => {
    const replies = await send([address], 'before reservation');
    assert.match(replies.at(-1) as string, /^250 /);
  });

  it('refuses reads with the statuses of D14 and never shows the mailbox', async () => {
    const free = await accountWithKey(operator, { plan: 'free' });
    const expired = await accountWithKey(operator, { plan: 'premium', paidThrough: '2020-01-31' });
    const revoked = await accountWithKey(operator, { plan: 'premium' });
    await operator.keys.revoke(revoked.keyId);
    const cases: [string, string | undefined, number, string][] = [
      ['no key', undefined, 402, 'payment_required'],
      ['an unknown key', 'inboxd_ak_01KAGZ3M9Q8R7T6V5W4X3Y2Z1A_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 403, 'forbidden'],
      ['a revoked key', revoked.key, 403, 'forbidden'],
      ['a free plan', free.key, 402, 'payment_required'],
      ['an expired plan', expired.key, 402, 'payment_required'],
    ];
    for (const [name, key, status, slug] of cases) {
      const res = await list(`/api/v1/mailbox?address=${address}`, key);
      assert.equal(res.status, status, name);
      assert.deepEqual(Object.keys(res.json), ['error', 'message'], `${name}: an error, never a mailbox`);
      assert.equal(res.json.error, slug, name);
    }
    assert.equal(await t.app.directory.reservationOf(address), null, 'none of them reserved the address');
  });

  it('reserves the address to the first live premium account that reads it; another account gets 403', async () => {
    const first = await list(`/api/v1/mailbox?address=${address}`, holder.key);
    assert.equal(first.status, 200);
    assert.equal(first.json.messages[0].subject, 'before reservation');
    assert.equal(await t.app.directory.reservationOf(address), holder.account);

    const rival = await accountWithKey(operator, { plan: 'premium' });
    const refused = await list(`/api/v1/mailbox?address=${address}`, rival.key);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'forbidden');
    const again = await list(`/api/v1/message/${first.json.messages[0].id}?mailbox=${address}`, holder.key);
    assert.equal(again.status, 200);
  });

  it('counts arrivals against the holder\'s monthly quota and defers past it with 452 4.2.2', async () => {
    assert.match((await send([address], 'one')).at(-1) as string, /^250 /);
    // Two recipients of the holder in one transaction: the second one counts the first as pending.
    const second = `agent-8@${PREMIUM_POOL[0]}`;
    await list(`/api/v1/mailbox?address=${second}`, holder.key);
    const both = await send([address, second], 'two and three');
    assert.match(both[1] as string, /^250 /);
    assert.match(both[2] as string, /^250 /);
    assert.match(both.at(-1) as string, /^250 /);
    const over = await send([address], 'four');
    assert.equal(over[1], "452 4.2.2 Monthly premium quota of this mailbox's account is used up, try again later");
    const [account] = (await operator.accounts.list()).filter((a) => a.id === holder.account);
    assert.equal(account?.used_this_month, 3);

    const free = await send(['anyone@inboxd.test'], 'public');
    assert.match(free.at(-1) as string, /^250 /, 'public domains are never counted');
    const reads = await list(`/api/v1/mailbox?address=${address}`, holder.key);
    assert.equal(reads.status, 200, 'reads keep working over quota');
  });

  it('starts counting afresh in the next calendar month (UTC)', async () => {
    const now = new Date(t.clock.now());
    t.clock.set(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    assert.match((await send([address], 'next month')).at(-1) as string, /^250 /);
  });

  it('lists the premium pool in GET /api/v1/domains only to a live premium key', async () => {
    const withKey = await list('/api/v1/domains', holder.key);
    const premium = withKey.json.domains.filter((d: { kind: string }) => d.kind === 'premium');
    assert.equal(premium.length, 92);
    const free = await accountWithKey(operator, { plan: 'free' });
    const withoutPlan = await list('/api/v1/domains', free.key);
    assert.ok(withoutPlan.json.domains.every((d: { kind: string }) => d.kind === 'public'));
  });
});
