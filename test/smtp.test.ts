// SMTP ingest with a real client (nodemailer) and scripted dialogues for protocol edges:
// recipients (D7, D9), sizes and caps (D6, D25), the null sender (D8), and 451 on storage failure (D10).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeliveryError } from '../src/inbox/shared/delivery-error.js';
import { openEhlo, openSmtp, sendRaw, toDataBlock } from './support/smtp-dialogue.js';
import { startTestApp } from './support/test-app.js';
import { apiAtFreshMoments, appForSuite } from './support/suite-app.js';
import { loneSmtpEdge } from './support/lone-smtp-edge.js';

function mime(attachmentBytes: number): Buffer {
  const content = Buffer.alloc(attachmentBytes, 0x61).toString('base64').replace(/.{76}/g, '$&\n');
  return Buffer.from(
    `From: a@example.org\nTo: big@inboxd.test\nSubject: big\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n` +
      `--b\nContent-Type: text/plain\n\nbody\n--b\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename="a.bin"\n` +
      `Content-Transfer-Encoding: base64\n\n${content}\n--b--\n`,
  );
}

describe('SMTP ingest', () => {
  const t = appForSuite(() => startTestApp());
  const get = apiAtFreshMoments(t);
  const count = async (address: string) =>
    (await get(`/api/v1/mailbox?address=${encodeURIComponent(address)}`)).json.count as number;

  it('advertises SIZE 10485760, PIPELINING, 8BITMIME, SMTPUTF8 and STARTTLS, and no AUTH', async () => {
    const session = await openSmtp(t.app.smtpPort);
    assert.match(await session.reply(), /^220 /);
    const ehlo = await session.command('EHLO client.example\r\n');
    for (const feature of ['SIZE 10485760', 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'STARTTLS'])
      assert.match(ehlo, new RegExp(`250[- ]${feature}`));
    assert.doesNotMatch(ehlo, /AUTH/);
    session.close();
  });

  it('delivers over STARTTLS with a real client', async () => {
    const result = await t.send({ from: 'tls@example.org', to: 'tls@inboxd.test', subject: 'tls', text: 'x' });
    assert.match(result.response, /^250 /);
    assert.equal(await count('tls@inboxd.test'), 1);
  });

  it('gives each hosted recipient its own message and refuses other domains at RCPT (D9)', async () => {
    const replies = await sendRaw(
      t.app.smtpPort,
      {
        from: 'multi@example.org',
        to: ['one@inboxd.test', 'two@mail.inboxd.test', 'x@not-hosted.example', 'ONE@inboxd.test'],
      },
      Buffer.from('Subject: to many\n\nhello\n'),
    );
    assert.match(replies[1] as string, /^250/);
    assert.match(replies[2] as string, /^250/);
    assert.equal(replies[3], '550 5.1.2 Domain is not hosted here');
    assert.match(replies[replies.length - 1] as string, /^250 2\.0\.0/);
    t.clock.advance(1000);
    const one = await t.api('/api/v1/mailbox?address=one@inboxd.test');
    const two = await t.api('/api/v1/mailbox?address=two@mail.inboxd.test');
    assert.equal(one.json.count, 1, 'a repeated recipient (any case) is one mailbox');
    assert.equal(two.json.count, 1);
    assert.notEqual(one.json.messages[0].id, two.json.messages[0].id);
    t.clock.advance(1000);
    const read = await t.api(`/api/v1/message/${two.json.messages[0].id}?mailbox=two@mail.inboxd.test`);
    assert.equal(read.json.to, 'two@mail.inboxd.test');
  });

  it('refuses malformed and quoted recipients with 553 5.1.3 (D7)', async () => {
    const session = await openEhlo(t.app.smtpPort);
    await session.command('MAIL FROM:<a@example.org>\r\n');
    assert.equal(
      await session.command('RCPT TO:<"quoted"@inboxd.test>\r\n'),
      '553 5.1.3 Recipient address is not valid here',
    );
    assert.equal(
      await session.command(`RCPT TO:<${'x'.repeat(65)}@inboxd.test>\r\n`),
      '553 5.1.3 Recipient address is not valid here',
    );
    assert.match(await session.command(`RCPT TO:<${'x'.repeat(64)}@inboxd.test>\r\n`), /^250/);
    session.close();
  });

  it('accepts an internationalised address and stores its domain in ASCII (D7)', async () => {
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'u@example.org', to: ['jürgen@inboxd.test'] },
      Buffer.from('Subject: utf8\n\nhi\n'),
    );
    assert.match(replies[replies.length - 1] as string, /^250/);
    assert.equal(await count('JÜRGEN@inboxd.test'), 1);
  });

  it('refuses the 101st recipient with 452 4.5.3 and delivers to the first 100 (D25)', async () => {
    const session = await openEhlo(t.app.smtpPort);
    await session.command('MAIL FROM:<a@example.org>\r\n');
    for (let i = 0; i < 100; i += 1) assert.match(await session.command(`RCPT TO:<r${i}@inboxd.test>\r\n`), /^250/);
    assert.equal(
      await session.command('RCPT TO:<r100@inboxd.test>\r\n'),
      '452 4.5.3 Too many recipients, at most 100 per message',
    );
    await session.command('DATA\r\n');
    assert.match(await session.command(toDataBlock(Buffer.from('Subject: hundred\n\nx\n'))), /^250/);
    session.close();
    assert.equal(await count('r99@inboxd.test'), 1);
    assert.equal(await count('r100@inboxd.test'), 0);
  });

  it('refuses a message over 10 MiB with 552 5.3.4 and stores nothing of it (D6, D25)', async () => {
    const session = await openEhlo(t.app.smtpPort);
    await session.command('MAIL FROM:<a@example.org>\r\n');
    await session.command('RCPT TO:<huge@inboxd.test>\r\n');
    assert.match(await session.command('DATA\r\n'), /^354/);
    const line = `${'y'.repeat(998)}\r\n`;
    const chunk = Buffer.from(line.repeat(1024));
    for (let i = 0; i < 11; i += 1) await session.write(chunk);
    assert.equal(await session.command('.\r\n'), '552 5.3.4 Message exceeds the size limit of 10485760 bytes');
    assert.match(await session.command('NOOP\r\n'), /^250/, 'the session goes on after a refusal');
    session.close();
    assert.equal(await count('huge@inboxd.test'), 0);
  });

  it('refuses SIZE= over the limit at MAIL FROM', async () => {
    const session = await openEhlo(t.app.smtpPort);
    assert.match(await session.command('MAIL FROM:<a@example.org> SIZE=10485761\r\n'), /^552 /);
    assert.match(await session.command('MAIL FROM:<a@example.org> SIZE=10485760\r\n'), /^250/);
    session.close();
  });

  it('accepts attachments of exactly 5 MiB and refuses one byte more (D6)', async () => {
    const exact = await sendRaw(
      t.app.smtpPort,
      { from: 'a@example.org', to: ['big@inboxd.test'] },
      mime(5 * 1024 * 1024),
    );
    assert.match(exact[exact.length - 1] as string, /^250 /);
    const over = await sendRaw(
      t.app.smtpPort,
      { from: 'a@example.org', to: ['big@inboxd.test'] },
      mime(5 * 1024 * 1024 + 1),
    );
    assert.equal(over[over.length - 1], '552 5.3.4 Attachments exceed 5242880 bytes');
    assert.equal(await count('big@inboxd.test'), 1);
  });

  it('refuses more than 1000 MIME parts and nesting deeper than 20 (D25)', async () => {
    const parts = Array.from({ length: 1001 }, (_, i) => `--p\nContent-Type: text/plain\n\npart ${i}\n`).join('');
    const many = await sendRaw(
      t.app.smtpPort,
      { from: 'a@example.org', to: ['parts@inboxd.test'] },
      Buffer.from(`Subject: parts\nContent-Type: multipart/mixed; boundary="p"\n\n${parts}--p--\n`),
    );
    assert.equal(many[many.length - 1], '554 5.6.0 Message has more than 1000 MIME parts');
    let nested = 'Content-Type: text/plain\n\ndeep\n';
    for (let depth = 21; depth >= 1; depth -= 1)
      nested = `Content-Type: multipart/mixed; boundary="d${depth}"\n\n--d${depth}\n${nested}--d${depth}--\n`;
    const deep = await sendRaw(
      t.app.smtpPort,
      { from: 'a@example.org', to: ['parts@inboxd.test'] },
      Buffer.from(`Subject: deep\n${nested}`),
    );
    assert.equal(deep[deep.length - 1], '554 5.6.0 MIME parts nested deeper than 20');
    assert.equal(await count('parts@inboxd.test'), 0);
  });

  it('names mailer-daemon@<HELO name> as the sender of a null-sender message without From (D8)', async () => {
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: '', to: ['nullsender@inboxd.test'] },
      Buffer.from('Subject: bounce\n\nno from\n'),
    );
    assert.match(replies[replies.length - 1] as string, /^250/);
    t.clock.advance(1000);
    const list = await t.api('/api/v1/mailbox?address=nullsender@inboxd.test');
    assert.equal(list.json.messages[0].from, 'mailer-daemon@client.example');
  });

  it('refuses AUTH: the service is receive-only', async () => {
    const session = await openEhlo(t.app.smtpPort);
    assert.match(await session.command('AUTH PLAIN AGFsaWNlAHNlY3JldA==\r\n'), /^5\d\d /);
    session.close();
  });
});

describe('SMTP connection caps and failures', () => {
  it('answers 451 4.3.0, never 250, when the store fails (D10)', async () => {
    const edge = loneSmtpEdge({
      maxConnections: 10,
      maxConnectionsPerIp: 10,
      deliver: async () => {
        throw new DeliveryError('storage_failed', 'disk I/O error');
      },
    });
    const port = await edge.listen(0, '127.0.0.1');
    const replies = await sendRaw(
      port,
      { from: 'a@example.org', to: ['x@inboxd.test'] },
      Buffer.from('Subject: x\n\nx\n'),
    );
    assert.equal(replies[replies.length - 1], '451 4.3.0 Temporary storage failure, try again later');
    await edge.close();
  });

  it('refuses connections over the per-IP cap with 421 while others are served (D25)', async () => {
    const edge = loneSmtpEdge({ maxConnections: 10, maxConnectionsPerIp: 2 });
    const port = await edge.listen(0, '127.0.0.1');
    const first = await openSmtp(port);
    const second = await openSmtp(port);
    assert.match(await first.reply(), /^220/);
    assert.match(await second.reply(), /^220/);
    const third = await openSmtp(port);
    assert.equal(await third.reply(), '421 4.7.0 Too many connections from your address, try again later');
    first.close();
    second.close();
    third.close();
    await edge.close();
  });
});
