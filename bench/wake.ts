// Wake-ups: `waiters` clients wait at once, each on its own mailbox, first as the page's live stream
// (GET /api/v1/mailbox/events), then as MCP wait_for_message calls, then as HTTP waits
// (GET /api/v1/mailbox/wait, issue 19); then one message per mailbox is
// delivered over SMTP (10 connections, one transaction after another) and each wake-up is timed from the
// moment its sender read the 250. The waiters come from 20 loopback addresses (127.0.0.2 …), since each
// client network may hold 50 waits and streams open (D17 stays as it is: no scaling here).
import { readFileSync } from 'node:fs';
import { createParser } from 'eventsource-parser';
import { Agent, fetch } from 'undici';
import { openEhlo, toDataBlock } from '../test/support/smtp-dialogue.js';
import { startInboxd, type RunningInboxd } from './support/processes.js';
import { median, percentile, round } from './support/stats.js';

export interface WakeRun {
  waiters: number;
  woken: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Wake-ups whose event arrived before the sender had read its 250 (counted as 0 ms). */
  beforeAck: number;
}

export interface WakeResult {
  stream: WakeRun;
  mcp: WakeRun;
  /** The HTTP wait; absent from results measured before it existed. */
  http?: WakeRun;
}

type WaiterKind = 'stream' | 'mcp' | 'http';

const PER_ADDRESS = 50;
const SENDERS = 10;

interface Waiter {
  address: string;
  /** Resolves with performance.now() when the message arrived. */
  woken: Promise<number>;
  ready: Promise<void>;
  close(): void;
}

function agents(node: RunningInboxd, count: number): Agent[] {
  const ca = readFileSync(node.certFile, 'utf8');
  return Array.from(
    { length: Math.ceil(count / PER_ADDRESS) },
    (_, i) =>
      new Agent({
        localAddress: `127.0.0.${2 + i}`,
        connect: { ca, servername: 'localhost' },
        connections: PER_ADDRESS + 5,
      }),
  );
}

/** Reads an SSE response body, calling `onEvent` for each event. */
async function readEvents(
  body: AsyncIterable<Uint8Array>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const parser = createParser({ onEvent: (e) => onEvent(e.event ?? 'message', e.data) });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
  } catch {
    // Closed by us at the end.
  }
}

/** A waiter's promises and the calls that settle them; `run` drives it, and its failure fails `ready`. */
function waiterFor(
  address: string,
  run: (w: {
    signal: AbortSignal;
    ready(): void;
    woken(at: number): void;
    failed(error: Error): void;
  }) => Promise<void>,
): Waiter {
  const controller = new AbortController();
  let ready!: () => void;
  let woken!: (at: number) => void;
  let failed!: (error: Error) => void;
  const waiter: Waiter = {
    address,
    ready: new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject))),
    woken: new Promise<number>((resolve) => (woken = resolve)),
    close: () => controller.abort(),
  };
  run({ signal: controller.signal, ready, woken, failed }).catch((error: Error) => failed(error));
  return waiter;
}

function streamWaiter(node: RunningInboxd, dispatcher: Agent, address: string): Waiter {
  return waiterFor(address, async ({ signal, ready, woken, failed }) => {
    const response = await fetch(`https://127.0.0.1:${node.httpsPort}/api/v1/mailbox/events?address=${address}`, {
      dispatcher,
      signal,
    });
    if (response.status !== 200 || response.body === null)
      return failed(new Error(`stream for ${address}: ${response.status} ${await response.text()}`));
    await readEvents(response.body, (event) => {
      if (event === 'ready') ready();
      if (event === 'message') woken(performance.now());
    });
  });
}

function mcpWaiter(node: RunningInboxd, dispatcher: Agent, address: string): Waiter {
  return waiterFor(address, async ({ signal, ready, woken, failed }) => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait_for_message', arguments: { address, timeout_seconds: 50 }, _meta: { progressToken: 1 } },
    };
    const response = await fetch(`https://127.0.0.1:${node.httpsPort}/mcp`, {
      method: 'POST',
      dispatcher,
      signal,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200 || response.body === null)
      return failed(new Error(`wait for ${address}: ${response.status} ${await response.text()}`));
    // The call is in the server's hands once its response has started; progress notifications follow.
    ready();
    await readEvents(response.body, (_event, data) => {
      const message = JSON.parse(data) as { id?: number; result?: { structuredContent?: { status?: string } } };
      if (message.id === 1 && message.result?.structuredContent?.status === 'received') woken(performance.now());
    });
  });
}

function httpWaiter(node: RunningInboxd, dispatcher: Agent, address: string): Waiter {
  return waiterFor(address, async ({ signal, ready, woken, failed }) => {
    const answer = fetch(`https://127.0.0.1:${node.httpsPort}/api/v1/mailbox/wait?address=${address}&timeout=50`, {
      dispatcher,
      signal,
    });
    // Its response starts only with the answer: the request is sent; `measure` gives the server a moment.
    ready();
    const response = await answer;
    const body = await response.text();
    if (response.status !== 200) return failed(new Error(`HTTP wait for ${address}: ${response.status} ${body}`));
    if ((JSON.parse(body) as { status?: string }).status === 'received') woken(performance.now());
  });
}

const WAITERS: Record<WaiterKind, typeof streamWaiter> = { stream: streamWaiter, mcp: mcpWaiter, http: httpWaiter };

/** Delivers one message to each address; the moment each sender read its 250, by address. */
async function deliverAll(port: number, addresses: string[]): Promise<Map<string, number>> {
  const acked = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const session = await openEhlo(port);
      while (next < addresses.length) {
        const address = addresses[next++]!;
        await session.command('MAIL FROM:<waker@bench.test>\r\n');
        await session.command(`RCPT TO:<${address}>\r\n`);
        await session.command('DATA\r\n');
        const reply = await session.command(
          toDataBlock(Buffer.from(`From: waker@bench.test\r\nSubject: wake ${address}\r\n\r\nCode 123456\r\n`)),
        );
        acked.set(address, performance.now());
        if (!reply.startsWith('250')) throw new Error(`delivery to ${address}: ${reply}`);
      }
      await session.command('QUIT\r\n');
      session.close();
    }),
  );
  return acked;
}

async function measure(node: RunningInboxd, kind: WaiterKind, waiters: number): Promise<WakeRun> {
  const pool = agents(node, waiters);
  const all: Waiter[] = [];
  try {
    for (let i = 0; i < waiters; i += 1) {
      const address = `${kind}${i}@inboxd.test`;
      all.push(WAITERS[kind](node, pool[Math.floor(i / PER_ADDRESS)]!, address));
    }
    await Promise.all(all.map((w) => w.ready));
    // An MCP call's response starts before the wait is registered, an HTTP wait's only with its answer:
    // give the last ones a moment.
    if (kind !== 'stream') await new Promise((resolve) => setTimeout(resolve, 500));
    const acked = await deliverAll(
      node.smtpPort,
      all.map((w) => w.address),
    );
    const delays = await Promise.all(all.map(async (w) => (await w.woken) - acked.get(w.address)!));
    return {
      waiters,
      woken: delays.length,
      p50Ms: round(Math.max(0, median(delays)), 2),
      p99Ms: round(Math.max(0, percentile(delays, 99)), 2),
      maxMs: round(Math.max(0, ...delays), 2),
      beforeAck: delays.filter((d) => d < 0).length,
    };
  } finally {
    for (const w of all) w.close();
    await Promise.all(pool.map((a) => a.close().catch(() => undefined)));
  }
}

export async function runWake(options: { waiters: number }, log: (line: string) => void): Promise<WakeResult> {
  const node = await startInboxd({ INBOXD_SMTP_MAX_CONNECTIONS_PER_IP: '100' });
  try {
    const stream = await measure(node, 'stream', options.waiters);
    log(`wake stream: ${JSON.stringify(stream)}`);
    const mcp = await measure(node, 'mcp', options.waiters);
    log(`wake mcp: ${JSON.stringify(mcp)}`);
    const http = await measure(node, 'http', options.waiters);
    log(`wake http: ${JSON.stringify(http)}`);
    return { stream, mcp, http };
  } finally {
    await node.stop();
  }
}
