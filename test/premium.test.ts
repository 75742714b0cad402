// The premium pool (D13–D15) end to end, with a pool of 92 domains as in production: premium arrivals
// count against the holder's monthly quota and are deferred over it with 452 4.2.2, while public and own
// domains stay unlimited. Who may read a premium address and who reserves it (D14): in process, in
// test/fast/premium.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Operator } from '../src/operator/operator.js';
import { accountWithKey, operatorOf, PREMIUM_POOL, type IssuedKey } from './support/operator.js';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite, readsWithKey } from './support/suite-app.js';

const body = (subject: string) =>
  Buffer.from(`From: a@sender.example\r\nSubject: ${subject}\r\n\r\nYour code is 123456\r\n`);

describe('premium pool (D14, D15)', () => {
  const t = appForSuite(() => startTestApp({ INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(',') }));
  let operator: Operator;
  let holder: IssuedKey;
  const address = `agent-7@${PREMIUM_POOL[41]}`;
  const send = (to: string[], subject = 'code') =>
    sendRaw(t.app.smtpPort, { from: 'a@sender.example', to }, body(subject));
  const list = readsWithKey(t);

  before(async () => {
    operator = operatorOf(t);
    holder = await accountWithKey(operator, { plan: 'premium', quota: '3' });
  });

  it('accepts mail for an unreserved premium address without counting it', async () => {
    const replies = await send([address], 'before reservation');
    assert.match(replies.at(-1) as string, /^250 /);
  });

  it("counts arrivals against the holder's monthly quota and defers past it with 452 4.2.2", async () => {
    // The holder's first read reserved the address (test/fast/premium.ts); here it is reserved directly.
    await t.app.directory.reserveAddress(address, holder.account, t.clock.now());
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
});
