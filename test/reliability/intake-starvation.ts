// The starvation scenario of issue 20: hostile sessions from 127.0.0.2–.4 take the large-message slots and
// then stall, trickle one byte every 10 s, and reconnect at once whenever they are closed, while an honest
// sender on 127.0.0.1 delivers messages of 400 KB one after another. Each honest message must be answered
// within 5 s of its end of data, and none refused. Used by the test suite (CI size) and by
// `npm run reliability` (full size).
import { connect, type Socket } from 'node:net';
import { startTestApp } from '../support/test-app.js';

export interface StarvationOptions {
  honestMessages: number;
  hostileSessions: number;
  /** Bytes each hostile session sends before it misbehaves (past the 256 KiB threshold). */
  hostileBytes?: number;
  /** The honest messages are spread over at least this long, so hostile sessions are closed for their
   * pace and reconnect meanwhile. */
  minSeconds: number;
  log?: (line: string) => void;
}

export interface StarvationOutcome {
  honestSent: number;
  honestAccepted: number;
  honestRefused: string[];
  /** From the end of each honest message's data to its reply, ms. */
  replyP50Ms: number;
  replyMaxMs: number;
  /** From each honest message's 354 to its reply (so a message held back mid-transfer shows too), ms. */
  wholeMaxMs: number;
  hostileConnections: number;
  /** Hostile sessions the server closed with 421 for their pace. */
  hostileClosedTooSlow: number;
  seconds: number;
}

const HONEST_BYTES = 400 * 1024;

function body(bytes: number, tag: string): Buffer {
  const line = `${'honest mail line of seventy-odd characters, nothing to see here '.padEnd(76, '.')}\r\n`;
  return Buffer.from(
    `From: <sender@example.org>\r\nSubject: ${tag}\r\n\r\n${line.repeat(Math.ceil(bytes / line.length))}`,
    'latin1',
  );
}

/** A raw SMTP client on one socket: waits for replies, one at a time. */
function dialogue(socket: Socket) {
  let buffer = '';
  let waiter: ((reply: string) => void) | null = null;
  let closed = false;
  const take = () => {
    const match = /^(\d{3}) [^\r\n]*\r\n/m.exec(buffer);
    if (match === null) return null;
    const end = match.index + match[0].length;
    const reply = buffer.slice(0, end);
    buffer = buffer.slice(end);
    return reply.trim().split('\r\n').at(-1)!;
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const reply = waiter === null ? null : take();
    if (reply !== null && waiter !== null) {
      const resolve = waiter;
      waiter = null;
      resolve(reply);
    }
  });
  socket.on('close', () => {
    closed = true;
    if (waiter !== null) {
      const resolve = waiter;
      waiter = null;
      resolve(`(closed) ${buffer.trim()}`);
    }
  });
  socket.on('error', () => undefined);
  return {
    reply: () =>
      new Promise<string>((resolve) => {
        const ready = take();
        if (ready !== null) return resolve(ready);
        if (closed) return resolve(`(closed) ${buffer.trim()}`);
        waiter = resolve;
      }),
    write: (data: string | Buffer) =>
      new Promise<void>((resolve) => (closed ? resolve() : socket.write(data, () => resolve()))),
    closed: () => closed,
  };
}

async function openFrom(port: number, localAddress: string, track?: Set<Socket>) {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  track?.add(socket);
  const session = dialogue(socket);
  await session.reply();
  await session.write('EHLO client.example\r\n');
  await session.reply();
  return { socket, session };
}

export async function runIntakeStarvation(options: StarvationOptions): Promise<StarvationOutcome> {
  const app = await startTestApp({ INBOXD_SMTP_MAX_CONNECTIONS_PER_IP: '50' });
  const started = performance.now();
  let stopping = false;
  let hostileConnections = 0;
  let hostileClosedTooSlow = 0;
  const hostileBytes = options.hostileBytes ?? 300 * 1024;
  const open = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  /** One hostile seat: takes a slot, then misbehaves; when closed, at once again. */
  async function hostile(index: number): Promise<void> {
    const address = `127.0.0.${2 + (index % 3)}`;
    const kind = index % 2 === 0 ? 'stall' : 'trickle';
    while (!stopping) {
      hostileConnections += 1;
      const { socket, session } = await openFrom(app.app.smtpPort, address, open);
      // A seat that connects as the scenario stops closes at once and ends (the others are closed by the
      // stop itself); it must not start a trickle timer on a socket already gone, which nothing would clear.
      if (stopping) {
        open.delete(socket);
        socket.destroy();
        break;
      }
      await session.write('MAIL FROM:<h@hostile.example>\r\n');
      await session.reply();
      await session.write(`RCPT TO:<victim${index}@inboxd.test>\r\n`);
      await session.reply();
      await session.write('DATA\r\n');
      await session.reply();
      void session.write(body(hostileBytes, `hostile ${index}`));
      let timer: NodeJS.Timeout | undefined;
      if (kind === 'trickle' && !session.closed()) {
        timer = setInterval(() => void session.write('x'), 10_000);
        timers.add(timer);
      }
      const reply = await session.reply();
      if (timer !== undefined) {
        clearInterval(timer);
        timers.delete(timer);
      }
      options.log?.(`hostile ${index}: ${reply}`);
      if (reply.includes('4.4.2')) hostileClosedTooSlow += 1;
      open.delete(socket);
      socket.destroy();
    }
  }

  const seats = Array.from({ length: options.hostileSessions }, (_, i) => hostile(i));
  // Let the hostile sessions take the slots first.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const replyMs: number[] = [];
  const wholeMs: number[] = [];
  const refused: string[] = [];
  const honestStarted = performance.now();
  let accepted = 0;
  for (let i = 0; i < options.honestMessages; i += 1) {
    const { socket, session } = await openFrom(app.app.smtpPort, '127.0.0.1');
    await session.write('MAIL FROM:<sender@example.org>\r\n');
    await session.reply();
    await session.write(`RCPT TO:<honest${i}@inboxd.test>\r\n`);
    await session.reply();
    await session.write('DATA\r\n');
    await session.reply();
    const dataStarted = performance.now();
    // The write's callback fires when the last byte has gone to the kernel: the end of data.
    await session.write(Buffer.concat([body(HONEST_BYTES, `honest ${i}`), Buffer.from('\r\n.\r\n')]));
    const ended = performance.now();
    const reply = await session.reply();
    replyMs.push(performance.now() - ended);
    wholeMs.push(performance.now() - dataStarted);
    options.log?.(`honest ${i}: ${reply} after ${Math.round(performance.now() - dataStarted)} ms`);
    if (reply.startsWith('250 ')) accepted += 1;
    else refused.push(reply);
    await session.write('QUIT\r\n');
    socket.destroy();
    const due = honestStarted + ((i + 1) * options.minSeconds * 1000) / options.honestMessages;
    if (performance.now() < due) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
  }

  stopping = true;
  for (const timer of timers) clearInterval(timer);
  for (const socket of open) socket.destroy();
  await Promise.allSettled(seats);
  const seconds = (performance.now() - started) / 1000;
  await app.stop();
  replyMs.sort((a, b) => a - b);
  return {
    honestSent: options.honestMessages,
    honestAccepted: accepted,
    honestRefused: refused,
    replyP50Ms: Math.round(replyMs[Math.floor(replyMs.length / 2)] ?? 0),
    replyMaxMs: Math.round(replyMs.at(-1) ?? 0),
    wholeMaxMs: Math.round(Math.max(0, ...wholeMs)),
    hostileConnections,
    hostileClosedTooSlow,
    seconds: Math.round(seconds),
  };
}
