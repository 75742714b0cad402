// D17 in process: per address (burst 5, then 1/s) and per client (1200 in any 60 s), 429 with Retry-After
// and RateLimit-* headers, and refused requests spend no budget.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFastApp } from '../support/fast-app.js';
import { accountWithKey, bearer, operatorOf } from '../support/operator.js';
import { appForSuite } from '../support/suite-app.js';

describe('rate limits (D17)', () => {
  const t = appForSuite(() => startFastApp());

  it('admits a burst of 5 reads of one address, then answers 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      const ok = await t.api('/api/v1/mailbox?address=hot@inboxd.test');
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('ratelimit-remaining'), String(4 - i));
    }
    const limited = await t.api('/api/v1/mailbox?address=hot@inboxd.test');
    assert.equal(limited.status, 429);
    assert.equal(limited.json.error, 'rate_limited');
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal(limited.headers.get('ratelimit-limit'), '5');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    assert.equal(
      (await t.api('/api/v1/mailbox?address=cold@inboxd.test')).status,
      200,
      'another address has its own budget',
    );
    t.clock.advance(1000);
    assert.equal((await t.api('/api/v1/mailbox?address=hot@inboxd.test')).status, 200, 'one more a second');
  });

  it('counts every operation that names the address', async () => {
    const id = '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A';
    t.clock.advance(10_000);
    await t.api('/api/v1/mailbox?address=mixed@inboxd.test');
    await t.api(`/api/v1/message/${id}?mailbox=mixed@inboxd.test`);
    await t.api(`/api/v1/message/${id}?mailbox=mixed@inboxd.test`, { method: 'DELETE' });
    await t.api(`/api/v1/attachment/${id}?mailbox=mixed@inboxd.test`);
    await t.api('/api/v1/mailbox?address=mixed@inboxd.test');
    assert.equal((await t.api(`/api/v1/message/${id}?mailbox=mixed@inboxd.test`)).status, 429);
  });

  it('admits 1200 requests from one client in a minute and refuses the 1201st, whatever the address; a live key is a client of its own', async () => {
    t.clock.advance(120_000);
    for (let i = 0; i < 1200; i += 1) {
      const r = await t.api(`/api/v1/mailbox?address=c${i}@inboxd.test`);
      assert.equal(r.status, 200, `request ${i + 1}`);
    }
    const refused = await t.api('/api/v1/mailbox?address=fresh@inboxd.test');
    assert.equal(refused.status, 429);
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait >= 59 && wait <= 61, `Retry-After ${wait}`);

    // The client is the live API key when one is sent; an unknown key is not an identity of its own.
    const issued = await accountWithKey(operatorOf(t), { plan: 'free' });
    assert.equal(
      (await t.api('/api/v1/domains', { headers: bearer(issued.key) })).status,
      200,
      'a live key has its own budget',
    );
    const madeUp = `inboxd_ak_01KAGZ3M9Q8R7T6V5W4X3Y2Z1A_${'B'.repeat(43)}`;
    assert.equal(
      (await t.api('/api/v1/domains', { headers: bearer(madeUp) })).status,
      429,
      'a made-up key counts as its network',
    );
    const mcpList = await t.api('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(mcpList.status, 429, 'MCP protocol requests count against the same client (P18)');
    assert.equal(mcpList.json.error, 'rate_limited');
    t.clock.advance(wait * 1000);
    assert.equal((await t.api('/api/v1/mailbox?address=fresh@inboxd.test')).status, 200);
  });
});
