// The premium pool (D13–D15) in process, with a pool of 92 domains as in production: the first read with a
// live premium key reserves an address to its account; everyone else gets the statuses of D14 and never a
// mailbox; the pool is listed to live premium keys only. The quota on arrivals, told over SMTP (452 4.2.2),
// is in test/premium.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Operator } from '../../src/operator/operator.js';
import { startFastApp } from '../support/fast-app.js';
import { accountWithKey, operatorOf, PREMIUM_POOL, type IssuedKey } from '../support/operator.js';
import { appForSuite, readsWithKey } from '../support/suite-app.js';

const body = (subject: string) =>
  Buffer.from(`From: a@sender.example\r\nSubject: ${subject}\r\n\r\nYour code is 123456\r\n`);

describe('premium pool (D14, D15)', () => {
  const t = appForSuite(() => startFastApp({ INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(',') }));
  let operator: Operator;
  let holder: IssuedKey;
  const address = `agent-7@${PREMIUM_POOL[41]}`;
  const list = readsWithKey(t);

  before(async () => {
    operator = operatorOf(t);
    holder = await accountWithKey(operator, { plan: 'premium', quota: '3' });
    // Mail for the address before anyone reserved it (accepted uncounted: test/premium.test.ts).
    const { delivered } = await t.deliver({ from: 'a@sender.example', to: [address] }, body('before reservation'));
    assert.ok(delivered !== undefined);
  });

  it('refuses reads with the statuses of D14 and never shows the mailbox', async () => {
    const free = await accountWithKey(operator, { plan: 'free' });
    const expired = await accountWithKey(operator, { plan: 'premium', paidThrough: '2020-01-31' });
    const revoked = await accountWithKey(operator, { plan: 'premium' });
    await operator.keys.revoke(revoked.keyId);
    const cases: [string, string | undefined, number, string][] = [
      ['no key', undefined, 402, 'payment_required'],
      [
        'an unknown key',
        'inboxd_ak_01KAGZ3M9Q8R7T6V5W4X3Y2Z1A_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        403,
        'forbidden',
      ],
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

  it('lists the premium pool in GET /api/v1/domains only to a live premium key', async () => {
    const withKey = await list('/api/v1/domains', holder.key);
    const premium = withKey.json.domains.filter((d: { kind: string }) => d.kind === 'premium');
    assert.equal(premium.length, 92);
    const free = await accountWithKey(operator, { plan: 'free' });
    const withoutPlan = await list('/api/v1/domains', free.key);
    assert.ok(withoutPlan.json.domains.every((d: { kind: string }) => d.kind === 'public'));
  });
});
