// The API over real HTTPS with mail sent by a real SMTP client (nodemailer): a message's whole round trip,
// and the plain-HTTP redirect listener. Each rule of the endpoints is tested in process in
// test/fast/http-api.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestApp } from './support/test-app.js';
import { appForSuite, apiAtFreshMoments } from './support/suite-app.js';

const DAY = 24 * 60 * 60 * 1000;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('HTTP API v1', () => {
  const t = appForSuite(() => startTestApp());

  const get = apiAtFreshMoments(t);

  it('lists, reads (setting seen), downloads and deletes a message sent over SMTP', async () => {
    const sent = await t.send({
      from: 'Carol <carol@example.org>',
      to: 'Dave@InboxD.test',
      subject: 'Report',
      text: 'see attachment',
      html: '<p>see attachment</p>',
      attachments: [{ filename: 'report.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' }],
    });
    assert.match(sent.response, /^250 2\.0\.0 Ok: queued as [0-9A-Z]{26}$/);

    const list = await get('/api/v1/mailbox?address=DAVE@inboxd.test');
    assert.equal(list.status, 200);
    assert.equal(list.json.address, 'dave@inboxd.test', 'addresses are stored and returned in lower case (D7)');
    assert.equal(list.json.count, 1);
    const summary = list.json.messages[0];
    assert.deepEqual(Object.keys(summary).sort(), [
      'attachments',
      'date',
      'expires_at',
      'from',
      'from_name',
      'id',
      'seen',
      'subject',
    ]);
    assert.equal(summary.from, 'carol@example.org');
    assert.equal(summary.from_name, 'Carol');
    assert.equal(summary.seen, false);
    assert.equal(summary.attachments, 1);
    assert.match(summary.date, ISO_MS);
    assert.equal(
      Date.parse(summary.expires_at) - Date.parse(summary.date),
      5 * DAY,
      'expires_at is arrival plus 5 days (D4)',
    );

    const read = await get(`/api/v1/message/${summary.id}?mailbox=dave@inboxd.test`);
    assert.equal(read.status, 200);
    assert.equal(read.json.to, 'dave@inboxd.test');
    assert.equal(read.json.seen, true);
    assert.equal(read.json.text.trim(), 'see attachment');
    assert.equal(read.json.html.trim(), '<p>see attachment</p>');
    assert.ok(
      read.json.headers.some((h: { name: string; value: string }) => h.name === 'Subject' && h.value === 'Report'),
    );
    const [attachment] = read.json.attachments;
    assert.equal(attachment.filename, 'report.pdf');
    assert.equal(attachment.mime, 'application/pdf');
    assert.equal(attachment.size, 13);
    assert.equal(attachment.url, `${t.app.baseUrl}/api/v1/attachment/${attachment.id}?mailbox=dave%40inboxd.test`);

    const relisted = await get('/api/v1/mailbox?address=dave@inboxd.test');
    assert.equal(relisted.json.messages[0].seen, true, 'seen once read in full (D3)');

    const download = await get(`/api/v1/attachment/${attachment.id}?mailbox=dave@inboxd.test`);
    assert.equal(download.status, 200);
    assert.equal(download.body, '%PDF-1.4 fake');
    assert.equal(download.headers.get('content-type'), 'application/octet-stream');
    assert.equal(download.headers.get('content-disposition'), 'attachment; filename="report.pdf"');

    const wrongMailbox = await get(`/api/v1/attachment/${attachment.id}?mailbox=eve@inboxd.test`);
    assert.equal(wrongMailbox.status, 404);
    assert.equal(wrongMailbox.json.error, 'not_found');
    const otherReader = await get(`/api/v1/message/${summary.id}?mailbox=eve@inboxd.test`);
    assert.equal(otherReader.status, 404, 'an id alone is not enough: the mailbox scopes it');

    const deleted = await get(`/api/v1/message/${summary.id}?mailbox=dave@inboxd.test`, { method: 'DELETE' });
    assert.deepEqual([deleted.status, deleted.json], [200, { deleted: true, id: summary.id }]);
    const again = await get(`/api/v1/message/${summary.id}?mailbox=dave@inboxd.test`, { method: 'DELETE' });
    assert.deepEqual([again.status, again.json], [200, { deleted: true, id: summary.id }], 'delete is idempotent (D1)');
    const gone = await get(`/api/v1/message/${summary.id}?mailbox=dave@inboxd.test`);
    assert.deepEqual([gone.status, gone.json.error], [404, 'not_found']);
    const goneAttachment = await get(`/api/v1/attachment/${attachment.id}?mailbox=dave@inboxd.test`);
    assert.equal(goneAttachment.status, 404);
  });

  it('redirects plain HTTP to the same path on HTTPS: 301 for GET, 308 otherwise, with a JSON body (D18)', async () => {
    const getRedirect = await t.plain('/api/v1/mailbox?address=a@inboxd.test');
    assert.equal(getRedirect.status, 301);
    assert.equal(getRedirect.headers.get('location'), `${t.app.baseUrl}/api/v1/mailbox?address=a@inboxd.test`);
    assert.equal(getRedirect.json.error, 'https_required');
    const deleteRedirect = await t.plain('/api/v1/message/x', { method: 'DELETE' });
    assert.equal(deleteRedirect.status, 308);
    const sneaky = await t.plain('//evil.example/x');
    assert.equal(sneaky.headers.get('location'), `${t.app.baseUrl}/`, 'never redirects off the service');
  });
});
