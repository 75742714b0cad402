// Own domains (D11) as the API shows them, in process (app.inject, mail through inbox.deliver, MX from a
// DNS server on loopback): a domain reads as unknown until mail connects it, and is never listed to a
// caller without its key. Connecting one over SMTP, and the SMTP replies: test/own-domains.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFastApp, type FastApp } from '../support/fast-app.js';

const MX_HOST = 'mx.inboxd.test';
const message = (subject: string) => Buffer.from(`From: a@sender.example\r\nSubject: ${subject}\r\n\r\nhello\r\n`);

describe('own domains connected by MX (D11)', () => {
  let dns: TestDnsServer;
  let t: FastApp;
  before(async () => {
    dns = await startDnsServer();
    t = await startFastApp({ INBOXD_DNS_SERVERS: dns.address, INBOXD_MX_HOST: MX_HOST });
    // One own domain connected by its first message, so the listing below has one to leave out.
    dns.setMx('acme.example', [MX_HOST]);
    const { delivered } = await t.deliver(
      { from: 'a@sender.example', to: ['signup@acme.example'] },
      message('welcome'),
    );
    assert.ok(delivered !== undefined);
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('answers 404 unknown_domain for a domain never connected, even when its MX already points here', async () => {
    dns.setMx('waiting.example', [MX_HOST]);
    const res = await t.api('/api/v1/mailbox?address=someone@waiting.example');
    assert.equal(res.status, 404);
    assert.equal(res.json.error, 'unknown_domain');
  });

  it('never lists own domains in GET /api/v1/domains to a caller without their key', async () => {
    const res = await t.api('/api/v1/domains');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {
      domains: [
        { domain: 'inboxd.test', kind: 'public' },
        { domain: 'mail.inboxd.test', kind: 'public' },
      ],
    });
  });
});
