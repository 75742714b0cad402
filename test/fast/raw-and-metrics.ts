// The raw source's refusals (GET /api/v1/message/{id}/raw) and /metrics behind a token, in process
// (app.inject, mail through inbox.deliver). The source byte for byte over SMTP and HTTPS, and the SMTP
// edge's counts: test/raw-and-metrics.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFastApp } from '../support/fast-app.js';
import { appForSuite, apiAtFreshMoments } from '../support/suite-app.js';
import { awkwardMessage } from '../support/awkward-message.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the raw source of a message', () => {
  const t = appForSuite(() => startFastApp());
  const get = apiAtFreshMoments(t);

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
