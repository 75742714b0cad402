// The SMTP session's own protocol (P49), over a real socket against an edge with no app behind it: the
// greeting at once, the order of commands, what closes a session, and a shutdown that spares no idle one.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { MAX_UNRECOGNISED_COMMANDS, protocol, replies } from '../src/smtp/replies.js';
import { createSmtpListener } from '../src/smtp/smtp-listener.js';
import { openEhlo, openSmtp } from './support/smtp-dialogue.js';
import { loneSmtpEdge } from './support/lone-smtp-edge.js';

const withEdge = async (run: (port: number) => Promise<void>) => {
  const edge = loneSmtpEdge({ maxConnections: 20, maxConnectionsPerIp: 20 });
  const port = await edge.listen(0, '127.0.0.1');
  try {
    await run(port);
  } finally {
    await edge.close();
  }
};

describe('SMTP session', () => {
  it('greets at once, and serves a client that sends its whole transaction before the greeting arrives', async () => {
    await withEdge(async (port) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.write(
        'EHLO eager.example\r\nMAIL FROM:<a@example.org>\r\nRCPT TO:<b@inboxd.test>\r\nDATA\r\nSubject: x\r\n\r\nx\r\n.\r\nQUIT\r\n',
      );
      await once(socket, 'close');
      const codes = text
        .split('\r\n')
        .filter((line) => /^\d{3} /.test(line))
        .map((line) => line.slice(0, 3));
      assert.deepEqual(codes, ['220', '250', '250', '250', '354', '250', '221']);
    });
  });

  it('answers commands out of order with 503, and a DATA with no recipient taken', async () => {
    await withEdge(async (port) => {
      const s = await openSmtp(port);
      await s.reply();
      assert.match(await s.command('MAIL FROM:<a@example.org>\r\n'), /^503 5\.5\.1 Send HELO/);
      assert.match(await s.command('HELO client.example\r\n'), /^250 /);
      assert.match(await s.command('RCPT TO:<b@inboxd.test>\r\n'), /^503 5\.5\.1 Need MAIL/);
      assert.match(await s.command('MAIL FROM:<a@example.org>\r\n'), /^250 2\.1\.0/);
      assert.match(await s.command('MAIL FROM:<a@example.org>\r\n'), /^503 5\.5\.1 Sender already/);
      assert.match(await s.command('DATA\r\n'), /^503 5\.5\.1 Need RCPT/);
      assert.match(await s.command('RSET\r\n'), /^250 /);
      assert.match(await s.command('RCPT TO:<b@inboxd.test>\r\n'), /^503 /, 'RSET ended the transaction');
      s.close();
    });
  });

  it('answers NOOP, VRFY and HELP, refuses AUTH, and says goodbye to QUIT by closing', async () => {
    await withEdge(async (port) => {
      const s = await openEhlo(port);
      assert.match(await s.command('NOOP\r\n'), /^250 /);
      assert.match(await s.command('VRFY someone\r\n'), /^252 /);
      assert.match(await s.command('HELP\r\n'), /^214 /);
      assert.match(await s.command('AUTH PLAIN AGFsaWNlAHNlY3JldA==\r\n'), /^502 /);
      assert.match(await s.command('QUIT\r\n'), /^221 /);
      assert.match(await s.reply(), /^\(closed\)/);
    });
  });

  it(`closes a session at its ${MAX_UNRECOGNISED_COMMANDS}th unrecognised command, and at once on an HTTP request`, async () => {
    await withEdge(async (port) => {
      const s = await openEhlo(port);
      for (let i = 1; i < MAX_UNRECOGNISED_COMMANDS; i += 1) assert.match(await s.command('FOO\r\n'), /^500 5\.5\.2/);
      assert.match(await s.command('FOO\r\n'), /^421 /);
      assert.match(await s.reply(), /^\(closed\)/);
      const web = await openSmtp(port);
      await web.reply();
      assert.match(await web.command('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), /^421 /);
      web.close();
    });
  });

  it('offers STARTTLS only when a certificate is configured', async () => {
    await withEdge(async (port) => {
      const s = await openSmtp(port);
      await s.reply();
      assert.doesNotMatch(await s.command('EHLO client.example\r\n'), /STARTTLS/);
      assert.match(await s.command('STARTTLS\r\n'), /^454 4\.7\.0/);
      s.close();
    });
  });

  it('goes on reading commands when the intake gate pauses a message that has already ended (P33)', async () => {
    // A slot taken back while the message is being delivered must not pause the session's next commands.
    const listener = createSmtpListener({
      hostname: 'mx.test',
      tls: { key: '', cert: '' },
      closeTimeoutMs: 1000,
      onGraceOver: () => undefined,
      hooks: {
        admit: () => null,
        closed: () => undefined,
        mailFrom: () => undefined,
        rcptTo: () => protocol.recipientOk,
        idleTimeoutMs: () => 60_000,
        failed: (error) => assert.fail(String(error)),
        data: (_session, control) => ({
          add: () => false,
          abort: () => undefined,
          end: async () => {
            control.pause();
            return replies.accepted('late-pause');
          },
        }),
      },
    });
    const port = await listener.listen(0, '127.0.0.1');
    const s = await openEhlo(port);
    await s.command('MAIL FROM:<a@example.org>\r\n');
    await s.command('RCPT TO:<b@inboxd.test>\r\n');
    await s.command('DATA\r\n');
    assert.match(await s.command('Subject: x\r\n\r\nx\r\n.\r\n'), /^250 2\.0\.0 Ok: queued as late-pause/);
    assert.match(await s.command('NOOP\r\n'), /^250 /);
    s.close();
    await listener.close();
  });

  it('does not time a session out while its delivery is still being answered', async () => {
    const edge = loneSmtpEdge({
      maxConnections: 20,
      maxConnectionsPerIp: 20,
      idleTimeoutMs: 50,
      // Four idle timeouts: the server's own slowness, not the client's.
      deliver: () => new Promise((resolve) => setTimeout(() => resolve({ mailId: 'slow', messageIds: ['x'] }), 200)),
    });
    const port = await edge.listen(0, '127.0.0.1');
    const s = await openEhlo(port);
    try {
      await s.command('MAIL FROM:<a@example.org>\r\n');
      await s.command('RCPT TO:<b@inboxd.test>\r\n');
      await s.command('DATA\r\n');
      assert.match(await s.command('Subject: x\r\n\r\nx\r\n.\r\n'), /^250 2\.0\.0 Ok: queued as slow/);
    } finally {
      s.close();
      await edge.close();
    }
  });

  it('tells an idle session 421 as soon as the server shuts down, and a new one is not taken', async () => {
    const edge = loneSmtpEdge({ maxConnections: 20, maxConnectionsPerIp: 20 });
    const port = await edge.listen(0, '127.0.0.1');
    const idle = await openEhlo(port);
    const closing = edge.close();
    assert.match(await idle.reply(), /^421 4\.3\.2/);
    await closing;
    const late = connect(port, '127.0.0.1');
    const [error] = (await once(late, 'error')) as [NodeJS.ErrnoException];
    assert.equal(error.code, 'ECONNREFUSED');
  });
});
