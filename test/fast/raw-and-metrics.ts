// The raw source's refusals (GET /api/v1/message/{id}/raw) and /metrics behind a token, in process
// (app.inject, mail through inbox.deliver). The source byte for byte over SMTP and HTTPS, and the SMTP
// edge's counts: test/raw-and-metrics.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFastApp, type FastApp, type FastRequest } from '../support/fast-app.js';

const DAY = 24 * 60 * 60 * 1000;

/** A message with what a careless store would change: 8-bit bytes, a NUL-free binary-ish line, lines
 * that start with a dot, trailing spaces and a long line. */
function awkwardMessage(tag: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `From: Raw <raw@example.org>\r\nTo: ${tag}@inboxd.test\r\nSubject: raw ${tag}\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`,
    ),
    Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x80, 0x0d, 0x0a]),
    Buffer.from('.starts with a dot\r\n..two dots\r\ntrailing spaces   \r\n'),
    Buffer.from(`${'x'.repeat(1500)}\r\n`),
  ]);
}

describe('the raw source of a message', () => {
  let t: FastApp;
  before(async () => {
    t = await startFastApp();
  });
  after(() => t.stop());
  const get = (path: string, init?: FastRequest) => {
    t.clock.advance(1000);
    return t.api(path, init);
  };

  it('answers 404 for another mailbox, an unknown id and an expired message, and 400 for bad input', async () => {
    await t.deliver({ from: 'raw@example.org', to: ['rawtwo@inboxd.test'] }, awkwardMessage('rawtwo'));
    const id = (await get('/api/v1/mailbox?address=rawtwo@inboxd.test')).json.messages[0].id as string;
    const other = await get(`/api/v1/message/${id}/raw?mailbox=someone-else@inboxd.test`);
    assert.equal(other.status, 404);
    assert.equal(other.json.error, 'not_found');
    assert.equal((await get(`/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A/raw?mailbox=rawtwo@inboxd.test`)).status, 404);
    assert.equal((await get(`/api/v1/message/${id}/raw?mailbox=not-an-address`)).json.error, 'invalid_address');
    assert.equal(
      (await get(`/api/v1/message/..%2F..%2Fetc/raw?mailbox=rawtwo@inboxd.test`)).json.error,
      'invalid_parameter',
    );
    t.clock.advance(5 * DAY);
    assert.equal((await get(`/api/v1/message/${id}/raw?mailbox=rawtwo@inboxd.test`)).status, 404);
  });

  it('passes the same gate as the message: a domain not hosted here is unknown_domain (D11)', async () => {
    // The whole access matrix, this route included, is fuzzed in test/access-fuzz.test.ts.
    const r = await get('/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A/raw?mailbox=a@elsewhere.example');
    assert.equal(r.status, 404);
    assert.equal(r.json.error, 'unknown_domain');
  });
});

describe('metrics behind a token', () => {
  it('answers 403 without the token (even on loopback) and 200 with it', async () => {
    const t = await startFastApp({ INBOXD_METRICS_TOKEN: 'scrape-token-0123456789' });
    try {
      const without = await t.api('/metrics');
      assert.equal(without.status, 403);
      assert.equal(without.json.error, 'forbidden');
      assert.equal(
        (await t.api('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
        403,
      );
      const withToken = await t.api('/metrics', { headers: { authorization: 'Bearer scrape-token-0123456789' } });
      assert.equal(withToken.status, 200);
      assert.match(withToken.body, /inboxd_smtp_messages_accepted_total 0/);
    } finally {
      await t.stop();
    }
  });
});
