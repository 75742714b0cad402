// Every fixture in test/fixtures goes in over SMTP and comes out over HTTPS with the fields of
// interface §2 and decisions D5, D8.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('MIME fixtures, delivered over SMTP and read over HTTPS', () => {
  const t = appForSuite(() => startTestApp());

  async function deliverAndRead(name: string, mailbox: string, from = 'sender@example.org') {
    const replies = await sendRaw(t.app.smtpPort, { from, to: [mailbox] }, fixture(name));
    assert.match(replies[replies.length - 1] as string, /^250 2\.0\.0 /, `fixture ${name}: ${replies.join(' | ')}`);
    const list = await t.api(`/api/v1/mailbox?address=${encodeURIComponent(mailbox)}`);
    assert.equal(list.json.count, 1);
    const read = await t.api(`/api/v1/message/${list.json.messages[0].id}?mailbox=${encodeURIComponent(mailbox)}`);
    assert.equal(read.status, 200);
    return { summary: list.json.messages[0], message: read.json };
  }

  it('keeps a plain-text message as text with html null, and un-stuffs leading dots', async () => {
    const { message } = await deliverAndRead('plain.eml', 'plain@inboxd.test');
    assert.equal(message.subject, 'Plain hello');
    assert.equal(message.from_name, 'Alice Example');
    assert.equal(message.html, null);
    assert.match(message.text, /this is plain text only\.\n\.leading dot line/);
  });

  it('keeps an HTML-only message as html with text null', async () => {
    const { message } = await deliverAndRead('html-only.eml', 'html@inboxd.test');
    assert.equal(message.text, null);
    assert.match(message.html, /Only <b>HTML<\/b> here/);
    assert.equal(message.from_name, 'Shop');
  });

  it('gives both parts of multipart/alternative', async () => {
    const { message } = await deliverAndRead('alternative.eml', 'alt@inboxd.test');
    assert.equal(message.text.trim(), 'Your code is 482913.');
    assert.match(message.html, /<strong>482913<\/strong>/);
  });

  it('decodes RFC 2047 subjects, display names and other header values (D5)', async () => {
    const { message } = await deliverAndRead('encoded-headers.eml', 'enc@inboxd.test');
    assert.equal(message.subject, 'Grüße aus Köln ✓');
    assert.equal(message.from_name, 'Jürgen Müller');
    assert.deepEqual(
      message.headers.find((h: { name: string }) => h.name === 'X-Custom'),
      { name: 'X-Custom', value: 'café au lait' },
    );
    assert.deepEqual(
      message.headers.map((h: { name: string }) => h.name),
      ['From', 'To', 'Subject', 'X-Custom', 'MIME-Version', 'Content-Type', 'Content-Transfer-Encoding'],
    );
    assert.equal(message.text.trim(), 'Schöne Grüße');
  });

  it('decodes an 8-bit latin-1 body', async () => {
    const { message } = await deliverAndRead('eight-bit.eml', 'eight@inboxd.test');
    assert.equal(message.text.trim(), 'Grüße aus München');
  });

  it('accepts a message without a From header, from_name null', async () => {
    const { message } = await deliverAndRead('no-from.eml', 'nofrom@inboxd.test');
    assert.equal(message.from, 'sender@example.org');
    assert.equal(message.from_name, null);
  });

  it('takes `from` of a bounce (null sender) from its From header (D8)', async () => {
    const { message } = await deliverAndRead('bounce.eml', 'bounce@inboxd.test', '');
    assert.equal(message.from, 'MAILER-DAEMON@mx.example.net');
  });

  it('counts and lists hostile attachments, and serves each as a safe download (D19)', async () => {
    const { summary, message } = await deliverAndRead('hostile-attachments.eml', 'files@inboxd.test');
    assert.equal(summary.attachments, 4);
    assert.equal(message.attachments.length, 4);
    const names = message.attachments.map((a: { filename: string }) => a.filename);
    assert.equal(names[0], '../../etc/passwd');
    for (const attachment of message.attachments) {
      t.clock.advance(1000); // one request a second per address, as D17 allows
      const url = new URL(attachment.url);
      const download = await t.api(`${url.pathname}${url.search}`);
      assert.equal(download.status, 200);
      assert.equal(download.headers.get('content-type'), 'application/octet-stream');
      assert.equal(download.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(download.headers.get('content-security-policy'), 'sandbox');
      const disposition = download.headers.get('content-disposition') as string;
      assert.match(disposition, /^attachment; filename="[^"/\\\r\n]*"/);
      assert.doesNotMatch(disposition, /\.\.\/|\/etc|\u202e|%E2%80%AE/i);
    }
    t.clock.advance(1000);
    const svg = await t.api(new URL(message.attachments[2].url).pathname + new URL(message.attachments[2].url).search);
    assert.equal(svg.body, '<svg></svg>');
  });
});
