// Closed domains (D12) in process (app.inject, mail through inbox.deliver, MX from a DNS server on
// loopback): an own domain connected by mail is closed by the operator with a domain
// key (printed once, stored as a digest) or to an account; reads then need that key (401 with
// WWW-Authenticate otherwise); attachments follow the message's rule; reopening makes it keyless again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { digestOf } from '../../src/access/secret-keys.js';
import type { Operator } from '../../src/operator/operator.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { accountWithKey, bearer, operatorOf } from '../support/operator.js';
import { startFastApp, type FastApp } from '../support/fast-app.js';

const MX_HOST = 'mx.inboxd.test';

describe('closed domains (D12)', () => {
  let dns: TestDnsServer;
  let t: FastApp;
  let operator: Operator;
  let messageId: string;
  let attachmentId: string;
  const mailbox = 'orders@shop.example';

  const get = (path: string, key?: string) => {
    t.clock.advance(1000);
    return t.api(path, key === undefined ? {} : { headers: bearer(key) });
  };
  const readAll = async (key?: string) => [
    (await get(`/api/v1/mailbox?address=${mailbox}`, key)).status,
    (await get(`/api/v1/message/${messageId}?mailbox=${mailbox}`, key)).status,
    (await get(`/api/v1/attachment/${attachmentId}?mailbox=${mailbox}`, key)).status,
  ];

  before(async () => {
    dns = await startDnsServer();
    t = await startFastApp({ INBOXD_DNS_SERVERS: dns.address, INBOXD_MX_HOST: MX_HOST });
    operator = operatorOf(t);
    dns.setMx('shop.example', [MX_HOST]);
    await t.send({
      from: 'store@sender.example',
      to: mailbox,
      subject: 'your order',
      text: 'thanks',
      attachments: [{ filename: 'invoice.txt', content: 'total 10' }],
    });
    const list = await get(`/api/v1/mailbox?address=${mailbox}`);
    messageId = list.json.messages[0].id;
    const read = await get(`/api/v1/message/${messageId}?mailbox=${mailbox}`);
    attachmentId = read.json.attachments[0].id;
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('refuses to close a domain that is not connected, or a configured one', async () => {
    await assert.rejects(operator.domains.close('never.example'), /not connected/);
    await assert.rejects(operator.domains.close('inboxd.test'), /configured public or premium/);
  });

  it('closes with a key printed once and kept only as its digest; reads then need it', async () => {
    // A poller holds the open domain's list and its ETag (P37): closing must not leave it a 304 or the
    // cached page without the key; the gate comes before the cache.
    const open = await get(`/api/v1/mailbox?address=${mailbox}`);
    const etag = open.headers.get('etag')!;
    const conditional = (key?: string) => {
      t.clock.advance(1000);
      return t.api(`/api/v1/mailbox?address=${mailbox}`, {
        headers: { 'if-none-match': etag, ...(key === undefined ? {} : bearer(key)) },
      });
    };
    assert.equal((await conditional()).status, 304);

    const closed = await operator.domains.close('shop.example');
    assert.ok(closed.key !== null && closed.key.startsWith('inboxd_dk_'));
    assert.equal((await conditional()).status, 401, 'no 304 without the key');
    assert.equal((await conditional(`${closed.key}x`)).status, 401, 'nor with a wrong one');
    assert.equal((await conditional(closed.key)).status, 304, 'the page itself did not change');
    assert.deepEqual((await t.app.directory.getDomain('shop.example'))?.closure, {
      kind: 'key',
      digest: digestOf(closed.key),
    });

    const refused = await get(`/api/v1/mailbox?address=${mailbox}`);
    assert.equal(refused.status, 401);
    assert.equal(refused.json.error, 'unauthorized');
    assert.equal(refused.headers.get('www-authenticate'), 'Bearer realm="inboxd"');
    assert.deepEqual(await readAll(), [401, 401, 401]);
    assert.deepEqual(await readAll(`${closed.key}x`), [401, 401, 401], 'a wrong key');
    assert.deepEqual(await readAll(closed.key), [200, 200, 200]);
    t.clock.advance(1000);
    const deleteRefused = await t.api(`/api/v1/message/${messageId}?mailbox=${mailbox}`, { method: 'DELETE' });
    assert.equal(deleteRefused.status, 401);

    const domains = await get('/api/v1/domains', closed.key);
    assert.deepEqual(domains.json.domains.at(-1), { domain: 'shop.example', kind: 'closed' });
  });

  it('closing again replaces the key: the old one stops working', async () => {
    const first = await operator.domains.close('shop.example');
    const second = await operator.domains.close('shop.example');
    assert.deepEqual(await readAll(first.key as string), [401, 401, 401]);
    assert.deepEqual(await readAll(second.key as string), [200, 200, 200]);
  });

  it("closed to an account, it opens to that account's live keys only", async () => {
    const owner = await accountWithKey(operator, { plan: 'free' });
    const other = await accountWithKey(operator, { plan: 'premium' });
    const closed = await operator.domains.close('shop.example', { account: owner.account });
    assert.equal(closed.key, null);
    assert.deepEqual(await readAll(owner.key), [200, 200, 200]);
    assert.deepEqual(await readAll(other.key), [401, 401, 401]);
    assert.deepEqual(await readAll(), [401, 401, 401]);
    const domains = await get('/api/v1/domains', owner.key);
    assert.deepEqual(domains.json.domains.at(-1), { domain: 'shop.example', kind: 'closed' });
    const othersDomains = await get('/api/v1/domains', other.key);
    assert.ok(!othersDomains.json.domains.some((d: { domain: string }) => d.domain === 'shop.example'));

    await operator.keys.revoke(owner.keyId);
    assert.deepEqual(await readAll(owner.key), [401, 401, 401], 'a revoked key stops working at once');
  });

  it('reopens: reads need no key again, and a key sent is ignored', async () => {
    await operator.domains.reopen('shop.example');
    assert.deepEqual(await readAll(), [200, 200, 200]);
    assert.deepEqual(await readAll('inboxd_dk_wrong'), [200, 200, 200]);
  });
});
