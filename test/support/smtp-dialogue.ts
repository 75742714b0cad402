// Scripted SMTP dialogues over a raw socket, for protocol edges no ordinary client will produce:
// each step sends a line (or raw bytes) and expects a reply matching a pattern.
import { connect, type Socket } from 'node:net';

export interface SmtpSession {
  /** Sends raw text (add \r\n yourself) and waits for one complete reply. */
  command(text: string | Buffer): Promise<string>;
  /** Waits for one complete reply without sending. */
  reply(): Promise<string>;
  write(data: string | Buffer): Promise<void>;
  close(): void;
  socket: Socket;
}

export async function openSmtp(port: number): Promise<SmtpSession> {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: ((reply: string) => void) | undefined;
  let closed = false;
  const take = () => {
    // A reply is complete at a line whose fourth character is a space: "250 ok" (not "250-…").
    const lines = buffer.split('\r\n');
    for (let i = 0; i < lines.length - 1; i += 1) {
      if (/^\d{3}( |$)/.test(lines[i] as string)) {
        const reply = lines.slice(0, i + 1).join('\r\n');
        buffer = lines.slice(i + 1).join('\r\n');
        return reply;
      }
    }
    return undefined;
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (waiting !== undefined) {
      const reply = take();
      if (reply !== undefined) {
        const resolve = waiting;
        waiting = undefined;
        resolve(reply);
      }
    }
  });
  socket.on('close', () => {
    closed = true;
    if (waiting !== undefined) {
      const resolve = waiting;
      waiting = undefined;
      resolve(`(closed)${buffer}`);
    }
  });
  socket.on('error', () => undefined);
  const reply = () =>
    new Promise<string>((resolve) => {
      const ready = take();
      if (ready !== undefined) return resolve(ready);
      if (closed) return resolve(`(closed)${buffer}`);
      waiting = resolve;
    });
  const write = (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  return {
    socket,
    reply,
    write,
    async command(text) {
      await write(text);
      return reply();
    },
    close: () => socket.destroy(),
  };
}

/** Opens a session and gets through the greeting and EHLO. */
export async function openEhlo(port: number, name = 'client.example'): Promise<SmtpSession> {
  const session = await openSmtp(port);
  await session.reply();
  await session.command(`EHLO ${name}\r\n`);
  return session;
}

/** Line endings to CRLF and dot-stuffing (RFC 5321 §4.5.2), ready to send after DATA. */
export function toDataBlock(message: Buffer): Buffer {
  const lines = message.toString('latin1').replace(/\r?\n/g, '\n').replace(/\n$/, '').split('\n');
  return Buffer.from(`${lines.map((l) => (l.startsWith('.') ? `.${l}` : l)).join('\r\n')}\r\n.\r\n`, 'latin1');
}

/** One whole transaction over a raw socket; returns every reply in order, the DATA result last. */
export async function sendRaw(
  port: number,
  envelope: { from: string; to: string[] },
  message: Buffer,
): Promise<string[]> {
  const session = await openEhlo(port);
  const replies = [await session.command(`MAIL FROM:<${envelope.from}>\r\n`)];
  for (const rcpt of envelope.to) replies.push(await session.command(`RCPT TO:<${rcpt}>\r\n`));
  replies.push(await session.command('DATA\r\n'));
  if (replies[replies.length - 1]?.startsWith('354')) replies.push(await session.command(toDataBlock(message)));
  await session.command('QUIT\r\n');
  session.close();
  return replies;
}
