// Own domains (D11) end to end: a real DNS server on loopback serves MX records; mail for a domain whose MX
// names INBOXD_MX_HOST is accepted over SMTP and connects the domain, which then reads keyless over HTTPS.
// The API's side alone (unknown until connected, never listed without a key): test/fast/own-domains.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MX_CACHE_MS } from '../src/domains/mx-check.js';
import { startDnsServer, type TestDnsServer } from './support/dns-server.js';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const MX_HOST = 'mx.inboxd.test';
const message = (subject: string) => Buffer.from(`From: a@sender.example\r\nSubject: ${subject}\r\n\r\nhello\r\n`);

describe('own domains connected by MX (D11)', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  before(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ INBOXD_DNS_SERVERS: dns.address, INBOXD_MX_HOST: MX_HOST });
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('accepts the first message for a domain whose MX names mx_host, connects it, and reads it keyless', async () => {
    dns.setMx('acme.example', ['backup.other.example.', 'MX.INBOXD.TEST.']);
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'a@sender.example', to: ['Signup@Acme.example'] },
      message('welcome'),
    );
    assert.match(replies[1] as string, /^250 /, 'RCPT accepted');
    assert.match(replies[replies.length - 1] as string, /^250 2\.0\.0 /);
    assert.equal((await t.app.directory.getDomain('acme.example'))?.closure, null);

    const list = await t.api('/api/v1/mailbox?address=signup@acme.example');
    assert.equal(list.status, 200);
    assert.equal(list.json.messages[0].subject, 'welcome');
    t.clock.advance(1000);
    const read = await t.api(`/api/v1/message/${list.json.messages[0].id}?mailbox=signup@acme.example`, {
      headers: { authorization: 'Bearer anything' },
    });
    assert.equal(read.status, 200, 'a key sent to an open own domain is ignored');
    assert.equal(read.json.to, 'signup@acme.example');
  });

  it('keeps accepting a connected domain without asking DNS again', async () => {
    dns.setMx('steady.example', [MX_HOST]);
    await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: ['x@steady.example'] }, message('one'));
    const asked = dns.queriesFor('steady.example');
    dns.setMx('steady.example', ['elsewhere.example']);
    t.clock.advance(MX_CACHE_MS * 2);
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'a@sender.example', to: ['y@steady.example'] },
      message('two'),
    );
    assert.match(replies[replies.length - 1] as string, /^250 /);
    assert.equal(dns.queriesFor('steady.example'), asked);
  });

  it('refuses with 550 5.1.2 a domain whose MX names another host, or that has no MX', async () => {
    dns.setMx('elsewhere.example', ['mx.someone-else.example']);
    for (const to of ['a@elsewhere.example', 'a@no-such-domain.example']) {
      const replies = await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: [to] }, message('x'));
      assert.equal(replies[1], '550 5.1.2 Domain is not hosted here', to);
    }
    assert.equal(await t.app.directory.getDomain('elsewhere.example'), null);
  });

  it('defers with 451 4.4.3 while DNS fails, and accepts once it answers again', async () => {
    dns.setFailing('flaky.example');
    const deferred = await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: ['a@flaky.example'] }, message('x'));
    assert.equal(deferred[1], '451 4.4.3 Domain lookup failed, try again later');
    dns.setMx('flaky.example', [MX_HOST]);
    const accepted = await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: ['a@flaky.example'] }, message('x'));
    assert.match(accepted[accepted.length - 1] as string, /^250 /, 'a failure is not cached');
  });

  it('caches answers for 5 minutes: a refused domain is asked again only after the cache expires', async () => {
    const refuse = () => sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: ['a@later.example'] }, message('x'));
    assert.equal((await refuse())[1], '550 5.1.2 Domain is not hosted here');
    dns.setMx('later.example', [MX_HOST]);
    assert.equal((await refuse())[1], '550 5.1.2 Domain is not hosted here', 'the negative answer is cached');
    assert.equal(dns.queriesFor('later.example'), 1);
    t.clock.advance(MX_CACHE_MS);
    const replies = await refuse();
    assert.match(replies[replies.length - 1] as string, /^250 /);
    assert.equal(dns.queriesFor('later.example'), 2);
  });

  it('accepts hosted and own recipients together and refuses the others in one transaction (D9)', async () => {
    dns.setMx('mixed.example', [MX_HOST]);
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'a@sender.example', to: ['p@inboxd.test', 'q@mixed.example', 'r@nowhere.example'] },
      message('mixed'),
    );
    assert.deepEqual(
      replies.slice(1, 4).map((r) => r.slice(0, 9)),
      ['250 2.1.5', '250 2.1.5', '550 5.1.2'],
    );
    assert.match(replies[replies.length - 1] as string, /^250 /);
    t.clock.advance(1000);
    const own = await t.api('/api/v1/mailbox?address=q@mixed.example');
    assert.equal(own.json.count, 1);
  });
});
