// SMTP protocol edges a hostile or broken peer produces (D25): address and line lengths, PIPELINING,
// STARTTLS command injection, SMTP smuggling with bare LF and CR end-of-data markers, idle and slow
// senders, connection caps that one address cannot use to lock out another, and a shutdown in the
// middle of DATA. Raw sockets, since no well-behaved client sends any of this.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { describe, it } from 'node:test';
import { MAX_REFUSED_RECIPIENTS } from '../../src/smtp/replies.js';
import { startDnsServer } from '../support/dns-server.js';
import { openEhlo, openSmtp, sendRaw, toDataBlock } from '../support/smtp-dialogue.js';
import { startTestApp } from '../support/test-app.js';
import { apiAtFreshMoments, appForSuite } from '../support/suite-app.js';
import { loneSmtpEdge } from '../support/lone-smtp-edge.js';

describe('SMTP protocol edges', () => {
  const t = appForSuite(() => startTestApp());
  const get = apiAtFreshMoments(t);
  const count = async (address: string) =>
    (await get(`/api/v1/mailbox?address=${encodeURIComponent(address)}`)).json.count as number;

  it('takes a local part of 64 characters and refuses 65, and refuses an address over 254 (RFC 5321 §4.5.3.1)', async () => {
    const s = await openEhlo(t.app.smtpPort);
    assert.match(await s.command('MAIL FROM:<a@example.org>\r\n'), /^250/);
    assert.match(await s.command(`RCPT TO:<${'a'.repeat(64)}@inboxd.test>\r\n`), /^250/);
    assert.match(await s.command(`RCPT TO:<${'b'.repeat(65)}@inboxd.test>\r\n`), /^553 5\.1\.3/);
    assert.match(
      await s.command(
        `RCPT TO:<c@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.inboxd.test>\r\n`,
      ),
      /^5\d\d /,
    );
    s.close();
  });

  it('closes a session that sends an over-long command line with 421, and goes on serving others', async () => {
    const s = await openEhlo(t.app.smtpPort);
    const reply = await s.command(`MAIL FROM:<${'x'.repeat(20_000)}@example.org>\r\n`);
    assert.match(reply, /^(421 |\(closed\))/);
    s.close();
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'a@example.org', to: ['after-long@inboxd.test'] },
      Buffer.from('Subject: ok\r\n\r\nok\r\n'),
    );
    assert.match(replies.at(-1) ?? '', /^250 /);
  });

  it('accepts data lines far longer than 998 characters and keeps them as sent', async () => {
    const message = Buffer.from(`Subject: long\r\n\r\n${'l'.repeat(50_000)}\r\n`);
    const replies = await sendRaw(t.app.smtpPort, { from: 'a@example.org', to: ['long-line@inboxd.test'] }, message);
    assert.match(replies.at(-1) ?? '', /^250 /);
    t.clock.advance(1000);
    const id = (await t.api('/api/v1/mailbox?address=long-line@inboxd.test')).json.messages[0].id as string;
    const raw = await t.open(`/api/v1/message/${id}/raw?mailbox=long-line@inboxd.test`);
    assert.deepEqual(Buffer.from(await raw.arrayBuffer()), message);
  });

  it('answers a pipelined MAIL, RCPT, RCPT, DATA in order, then stores one message per recipient', async () => {
    const s = await openEhlo(t.app.smtpPort);
    await s.write(
      'MAIL FROM:<p@example.org>\r\nRCPT TO:<pipe1@inboxd.test>\r\nRCPT TO:<pipe2@inboxd.test>\r\nDATA\r\n',
    );
    const replies = [await s.reply(), await s.reply(), await s.reply(), await s.reply()];
    assert.deepEqual(
      replies.map((r) => r.slice(0, 3)),
      ['250', '250', '250', '354'],
    );
    assert.match(await s.command(toDataBlock(Buffer.from('Subject: piped\r\n\r\npiped\r\n'))), /^250 /);
    s.close();
    assert.equal(await count('pipe1@inboxd.test'), 1);
    assert.equal(await count('pipe2@inboxd.test'), 1);
  });

  it('ignores commands injected in plaintext after STARTTLS (no reply, no effect)', async () => {
    const socket = connect(t.app.smtpPort, '127.0.0.1');
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) await once(socket, 'data').then(([chunk]) => (text += String(chunk)));
    };
    await readUntil(/^220 .*\r\n/);
    socket.write('EHLO injector.example\r\n');
    await readUntil(/250 [^\r]*\r\n$/);
    text = '';
    // The injection: a MAIL FROM in the same packet as STARTTLS, before the handshake.
    socket.write('STARTTLS\r\nMAIL FROM:<injected@evil.example>\r\n');
    await readUntil(/^220 [^\r]*\r\n/);
    assert.doesNotMatch(text, /injected|\r\n250/, 'nothing answered the injected command in plaintext');
    socket.removeAllListeners('data');
    const secure = tlsConnect({ socket, ca: t.app.tls.cert, servername: 'localhost' });
    await once(secure, 'secureConnect');
    let secureText = '';
    secure.on('data', (chunk: Buffer) => (secureText += chunk.toString()));
    const secureReply = async (line: string) => {
      secureText = '';
      secure.write(line);
      while (!/^\d{3} [^\r]*\r\n/m.test(secureText)) await once(secure, 'data');
      return secureText;
    };
    const ehlo = await secureReply('EHLO injector.example\r\n');
    assert.match(ehlo, /^250-/, 'the first reply over TLS answers our EHLO, not the injected MAIL');
    assert.match(
      await secureReply('RCPT TO:<victim@inboxd.test>\r\n'),
      /^503 /,
      'the injected MAIL FROM never started a transaction',
    );
    secure.destroy();
  });

  for (const [name, marker] of [
    ['bare LF', '\n.\n'],
    ['bare CR', '\r.\r'],
    ['LF then CRLF', '\n.\r\n'],
    ['CRLF then LF', '\r\n.\n'],
    ['CR then CRLF', '\r.\r\n'],
  ] as const) {
    it(`stores exactly one message when the body holds a smuggled transaction behind ${name}`, async () => {
      const tag = name.replace(/\W/g, '').toLowerCase();
      const s = await openEhlo(t.app.smtpPort);
      await s.command('MAIL FROM:<a@example.org>\r\n');
      await s.command(`RCPT TO:<carrier-${tag}@inboxd.test>\r\n`);
      assert.match(await s.command('DATA\r\n'), /^354/);
      const smuggled = `Subject: carrier\r\n\r\nhello${marker}MAIL FROM:<spoof@bank.example>\r\nRCPT TO:<smuggled-${tag}@inboxd.test>\r\nDATA\r\nSubject: smuggled\r\n\r\nsmuggled\r\n.\r\n`;
      const first = await s.command(smuggled);
      assert.match(first, /^250 /);
      assert.match(await s.command('NOOP\r\n'), /^250 /, 'no further reply was queued for a second transaction');
      s.close();
      assert.equal(await count(`carrier-${tag}@inboxd.test`), 1);
      assert.equal(await count(`smuggled-${tag}@inboxd.test`), 0);
    });
  }
});

describe('SMTP timeouts and connection caps', () => {
  it('closes an idle session and a sender that stalls in DATA, storing nothing of the stalled message', async () => {
    const delivered: string[] = [];
    const edge = loneSmtpEdge({
      maxConnections: 10,
      maxConnectionsPerIp: 10,
      idleTimeoutMs: 300,
      deliver: async () => (delivered.push('x'), { mailId: 'm', messageIds: ['x'] }),
    });
    const port = await edge.listen(0, '127.0.0.1');
    const idle = await openEhlo(port);
    assert.match(await idle.reply(), /^421 .*(timeout|Timeout)|^\(closed\)/);
    const slow = await openEhlo(port);
    await slow.command('MAIL FROM:<a@example.org>\r\n');
    await slow.command('RCPT TO:<b@inboxd.test>\r\n');
    await slow.command('DATA\r\n');
    await slow.write('Subject: half\r\n\r\nhalf a message');
    assert.match(await slow.reply(), /^421 |^\(closed\)/);
    assert.deepEqual(delivered, []);
    idle.close();
    slow.close();
    await edge.close();
  });

  it('lets another address deliver promptly while one address holds all its connections idle', async () => {
    const edge = loneSmtpEdge({ maxConnections: 100, maxConnectionsPerIp: 20 });
    const port = await edge.listen(0, '127.0.0.1');
    const hogs = await Promise.all(Array.from({ length: 20 }, () => openSmtp(port)));
    for (const hog of hogs) assert.match(await hog.reply(), /^220/);
    const extra = await openSmtp(port);
    assert.match(await extra.reply(), /^421 4\.7\.0 Too many connections from your address/);
    // Another client address on the loopback network (127.0.0.2): its own allowance, served at once.
    const other = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    let text = '';
    other.on('data', (chunk: Buffer) => (text += chunk.toString()));
    while (!/^220 /.test(text)) await once(other, 'data');
    other.write('EHLO other.example\r\nMAIL FROM:<o@example.org>\r\nRCPT TO:<o@inboxd.test>\r\nDATA\r\n');
    while (!/354 /.test(text)) await once(other, 'data');
    other.write('Subject: other\r\n\r\nother\r\n.\r\n');
    while (!/\r\n250 2\.0\.0 Ok: queued as m\r\n/.test(text)) await once(other, 'data');
    other.destroy();
    for (const hog of [...hogs, extra]) hog.close();
    await edge.close();
  });
});

describe('large messages past the intake gate', () => {
  it('frees the slot of a sender that goes away mid-message, and delivers more large messages than slots at once', async () => {
    const t = await startTestApp();
    try {
      const line = `${'x'.repeat(998)}\r\n`;
      const megabytes = (n: number) => line.repeat(Math.ceil((n * 1024 * 1024) / line.length));
      // More deserters than the gate has slots: were a slot kept, the senders below would wait forever.
      for (let i = 0; i < 4; i += 1) {
        const s = await openEhlo(t.app.smtpPort);
        await s.command('MAIL FROM:<a@example.org>\r\n');
        await s.command(`RCPT TO:<gone${i}@inboxd.test>\r\n`);
        assert.match(await s.command('DATA\r\n'), /^354/);
        await s.write(`Subject: cut\r\n\r\n${megabytes(2)}`);
        s.close();
      }
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          sendRaw(
            t.app.smtpPort,
            { from: 'a@example.org', to: [`big${i}@inboxd.test`] },
            Buffer.from(`Subject: big ${i}\r\n\r\n${megabytes(3)}`),
          ),
        ),
      );
      for (const reply of replies) assert.match(reply.at(-1) ?? '', /^250 /);
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(1000);
        assert.equal((await t.api(`/api/v1/mailbox?address=big${i}@inboxd.test`)).json.count, 1);
      }
    } finally {
      await t.stop();
    }
  });
});

describe('refused recipients (issue 20, item 7)', () => {
  it(`closes a session with 421 at its ${MAX_REFUSED_RECIPIENTS}th refused recipient, so 500 pipelined RCPTs on unhosted domains cost at most ${MAX_REFUSED_RECIPIENTS} lookups`, async () => {
    const dns = await startDnsServer();
    const t = await startTestApp({ INBOXD_DNS_SERVERS: dns.address });
    try {
      const socket = connect(t.app.smtpPort, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      const closed = once(socket, 'close');
      await once(socket, 'connect');
      while (!answer.includes('220 ')) await once(socket, 'data');
      const domains = Array.from({ length: 500 }, (_, i) => `unhosted-${i}.example`);
      socket.write(
        `EHLO client.example\r\nMAIL FROM:<a@example.org>\r\n${domains.map((d) => `RCPT TO:<x@${d}>\r\n`).join('')}`,
      );
      await closed;
      const rcptReplies = answer.split('\r\n').filter((line) => /^(550|421|451|553) /.test(line));
      assert.equal(rcptReplies.length, MAX_REFUSED_RECIPIENTS, answer);
      assert.match(rcptReplies.at(-1) ?? '', /^421 4\.7\.0 Too many refused recipients/);
      const looked = domains.filter((d) => dns.queriesFor(d) > 0).length;
      assert.ok(looked <= MAX_REFUSED_RECIPIENTS, `${looked} domains looked up`);
    } finally {
      await t.stop();
      await dns.close();
    }
  });
  it('counts refused recipients across the sessions of one address: past 60 a minute its next recipient is not looked up, and 421 closes the session; other addresses go on', async () => {
    const dns = await startDnsServer();
    const t = await startTestApp({ INBOXD_DNS_SERVERS: dns.address });
    try {
      const domains: string[] = [];
      // Sessions of at most nine refusals each (under the per-session limit): 60 refusals from 127.0.0.1.
      for (let session = 0; session * (MAX_REFUSED_RECIPIENTS - 1) < 60; session += 1) {
        const s = await openEhlo(t.app.smtpPort);
        await s.command('MAIL FROM:<a@example.org>\r\n');
        for (let i = 0; i < Math.min(MAX_REFUSED_RECIPIENTS - 1, 60 - session * (MAX_REFUSED_RECIPIENTS - 1)); i += 1) {
          const domain = `spread-${session}-${i}.example`;
          domains.push(domain);
          assert.match(await s.command(`RCPT TO:<x@${domain}>\r\n`), /^550 /);
        }
        await s.command('QUIT\r\n');
        s.close();
      }
      const next = await openEhlo(t.app.smtpPort);
      await next.command('MAIL FROM:<a@example.org>\r\n');
      assert.match(
        await next.command('RCPT TO:<x@one-more.example>\r\n'),
        /^421 4\.7\.0 Too many refused recipients from your address/,
      );
      assert.equal(dns.queriesFor('one-more.example'), 0, 'no lookup for it');
      next.close();
      const other = connect({ port: t.app.smtpPort, host: '127.0.0.1', localAddress: '127.0.0.2' });
      let answer = '';
      other.setEncoding('utf8');
      other.on('data', (chunk: string) => (answer += chunk));
      await once(other, 'connect');
      while (!answer.includes('220 ')) await once(other, 'data');
      other.write('EHLO other.example\r\nMAIL FROM:<b@example.org>\r\nRCPT TO:<someone@inboxd.test>\r\n');
      // The greeting, then EHLO, MAIL and RCPT each end in a "250 " line.
      const finals = () => answer.split('\r\n').filter((line) => /^\d{3} /.test(line));
      while (finals().length < 4 && !other.destroyed) await once(other, 'data');
      assert.match(finals()[3] ?? '', /^250 /, `the recipient of another address is taken: ${answer}`);
      other.destroy();
    } finally {
      await t.stop();
      await dns.close();
    }
  });
});

describe('shutdown in the middle of DATA', () => {
  it('ends each transfer stored with 250 or not stored with 421', async () => {
    // The grace period must cover the finishing sender's parse and durable write even on a loaded machine
    // (at 400 ms it once ran out on a busy CI core, and the finishing sender got 421 instead of 250).
    const t = await startTestApp({}, { app: { smtpCloseTimeoutMs: 2000 } });
    const finishing = await openEhlo(t.app.smtpPort);
    const stalled = await openEhlo(t.app.smtpPort);
    for (const [s, to] of [
      [finishing, 'finishes@inboxd.test'],
      [stalled, 'stalls@inboxd.test'],
    ] as const) {
      await s.command('MAIL FROM:<a@example.org>\r\n');
      await s.command(`RCPT TO:<${to}>\r\n`);
      assert.match(await s.command('DATA\r\n'), /^354/);
      await s.write('Subject: in flight\r\n\r\nfirst half\r\n');
    }
    const stopping = t.app.stop();
    const finished = await finishing.command('second half\r\n.\r\n');
    const cut = await stalled.reply();
    await stopping;
    assert.match(finished, /^250 /);
    assert.match(cut, /^421 /);
    finishing.close();
    stalled.close();
    // The store is closed with the app: open the same data directory again to see what it kept.
    const again = await startTestApp({ INBOXD_DATA_DIR: t.dataDir });
    try {
      again.clock.advance(1000);
      assert.equal((await again.api('/api/v1/mailbox?address=finishes@inboxd.test')).json.count, 1);
      again.clock.advance(1000);
      assert.equal((await again.api('/api/v1/mailbox?address=stalls@inboxd.test')).json.count, 0);
    } finally {
      await again.stop();
      await t.stop();
    }
  });
});
