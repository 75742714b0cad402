// One load-generating process of the polls phase (bench/polls.ts), started with an IPC channel. It polls
// its share of the mailboxes once a second each (±500 ms of jitter), each mailbox always from the same
// loopback source address over one keep-alive HTTPS connection (a lean HTTP/1.1 client per source,
// lean-https.ts: undici cost about 170 µs of CPU a poll here, more than the service), sending
// back the ETag it holds as If-None-Match, as a careful polling client does.
//
// The parent tells it of each message acknowledged with 250 ({ack}); the poller checks that the first
// poll of that mailbox started after the 250 shows the message (a 304 shows what the last 200 showed).
// Latencies go into a histogram of 0.1 ms steps, so the parent can merge the processes' figures.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LeanHttpsConnection } from './lean-https.js';

export interface PollerTarget {
  port: number;
  ca: string;
}

export interface PollerConfig {
  targets: PollerTarget[];
  /** Each source address with the mailboxes it polls; source i talks to targets[i % targets.length]. */
  sources: { address: string; mailboxes: string[] }[];
  /** Epoch ms: polling starts here; counting starts at measureFrom and stops at measureUntil. */
  startAt: number;
  measureFrom: number;
  measureUntil: number;
}

export interface PollerReport {
  polls: number;
  ok: number;
  notModified: number;
  /** Answers other than 200 and 304 (429 included), and failed requests, by status or error code. */
  failures: Record<string, number>;
  /** Latency histogram: counts per 0.1 ms, the last bucket holding everything from 1 s. */
  latency: number[];
  /** How late the poller itself started polls (its own CPU), same histogram. */
  lateness: number[];
  /** Acknowledged messages checked, those the first poll after the 250 showed, and those it did not. */
  checked: number;
  seenFirstPoll: number;
  missed: { mailbox: string; subject: string }[];
  /** Messages never checked: no poll of their mailbox started after the 250 before the end. */
  unchecked: number;
  /** This process's own event-loop delay over the measured window, p99 in ms: a poll's latency is taken
   * here, so a late loop here shows in it too. */
  loopP99Ms: number;
}

export const BUCKETS = 10_001;
export const bucketOf = (ms: number): number => Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms * 10)));

const now = (): number => performance.timeOrigin + performance.now();

interface MailboxState {
  etag: string | undefined;
  /** Subjects the last 200 showed (a 304 shows the same). */
  subjects: Set<string>;
  /** Acknowledged messages still to check: the first poll started at or after `ackAt` decides. */
  pending: { subject: string; ackAt: number }[];
  /** When the last answered poll started, and what it showed: an ack that reaches this process after
   * that poll answered is judged by it. */
  last: { startedAt: number; subjects: Set<string> } | undefined;
}

function run(
  config: PollerConfig,
  report: (r: PollerReport) => void,
): { ack(mailbox: string, subject: string, ackAt: number): void; stop(): void } {
  const result: PollerReport = {
    polls: 0,
    ok: 0,
    notModified: 0,
    failures: {},
    latency: new Array<number>(BUCKETS).fill(0),
    lateness: new Array<number>(BUCKETS).fill(0),
    checked: 0,
    seenFirstPoll: 0,
    missed: [],
    unchecked: 0,
    loopP99Ms: Number.NaN,
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const measuring = setTimeout(() => loop.enable(), Math.max(0, config.measureFrom - now()));
  const states = new Map<string, MailboxState>();
  const clients: LeanHttpsConnection[] = [];
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();

  const fail = (key: string) => (result.failures[key] = (result.failures[key] ?? 0) + 1);

  function check(state: MailboxState, mailbox: string, startedAt: number): void {
    if (state.pending.length === 0) return;
    const still: MailboxState['pending'] = [];
    for (const expected of state.pending) {
      if (expected.ackAt > startedAt) {
        still.push(expected);
        continue;
      }
      result.checked += 1;
      if (state.subjects.has(expected.subject)) result.seenFirstPoll += 1;
      else result.missed.push({ mailbox, subject: expected.subject });
    }
    state.pending = still;
  }

  async function pollOnce(
    client: LeanHttpsConnection,
    mailbox: string,
    state: MailboxState,
    scheduled: number,
  ): Promise<void> {
    const startedAt = now();
    const measured = startedAt >= config.measureFrom && startedAt < config.measureUntil;
    try {
      const response = await client.get(
        `/api/v1/mailbox?address=${mailbox}`,
        state.etag === undefined ? [] : [`If-None-Match: ${state.etag}`],
      );
      if (response.status === 200) {
        const body = JSON.parse(response.body.toString('utf8')) as { messages: { subject: string | null }[] };
        state.subjects = new Set(body.messages.map((m) => m.subject ?? ''));
        state.etag = response.etag;
      }
      const endedAt = now();
      if (measured) {
        result.polls += 1;
        result.latency[bucketOf(endedAt - startedAt)]! += 1;
        result.lateness[bucketOf(startedAt - scheduled)]! += 1;
        if (response.status === 200) result.ok += 1;
        else if (response.status === 304) result.notModified += 1;
        else fail(String(response.status));
      }
      if (response.status === 200 || response.status === 304) {
        state.last = { startedAt, subjects: state.subjects };
        check(state, mailbox, startedAt);
      }
    } catch (error) {
      if (measured) {
        result.polls += 1;
        fail((error as { code?: string }).code ?? 'error');
      }
    }
  }

  /** Poll n of a mailbox is due at base + n seconds, ±500 ms: jitter around a fixed schedule, as D17
   * promises never to throttle (a random walk of intervals would drift past any burst). */
  function schedule(client: LeanHttpsConnection, mailbox: string, state: MailboxState, base: number, n: number): void {
    const at = base + n * 1000 + (n === 0 ? 0 : (Math.random() - 0.5) * 1000);
    if (stopped || at >= config.measureUntil) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        // Never before the previous poll has answered (one request at a time per mailbox).
        void pollOnce(client, mailbox, state, at).then(() => schedule(client, mailbox, state, base, n + 1));
      },
      Math.max(0, at - now()),
    );
    timers.add(timer);
  }

  config.sources.forEach((source, i) => {
    const target = config.targets[i % config.targets.length]!;
    const client = new LeanHttpsConnection({ port: target.port, ca: target.ca, localAddress: source.address });
    clients.push(client);
    for (const mailbox of source.mailboxes) {
      const state: MailboxState = { etag: undefined, subjects: new Set(), pending: [], last: undefined };
      states.set(mailbox, state);
      schedule(client, mailbox, state, config.startAt + 500 + Math.random() * 1000, 0);
    }
  });

  return {
    ack(mailbox, subject, ackAt) {
      const state = states.get(mailbox);
      if (state === undefined) return;
      if (state.last !== undefined && state.last.startedAt >= ackAt) {
        result.checked += 1;
        if (state.last.subjects.has(subject)) result.seenFirstPoll += 1;
        else result.missed.push({ mailbox, subject });
      } else {
        state.pending.push({ subject, ackAt });
      }
    },
    stop() {
      stopped = true;
      clearTimeout(measuring);
      loop.disable();
      result.loopP99Ms = loop.count > 0 ? Math.round(loop.percentile(99) / 1e4) / 100 : Number.NaN;
      for (const timer of timers) clearTimeout(timer);
      for (const state of states.values()) result.unchecked += state.pending.length;
      report(result);
      for (const c of clients) c.close();
      process.exit(0);
    },
  };
}

type ParentMessage = { config: PollerConfig } | { ack: [string, string, number] } | { stop: true };

// Only when started as the poller process, not when imported (the bench's tests read its histogram).
if (
  process.send !== undefined &&
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  let poller: ReturnType<typeof run> | undefined;
  process.on('message', (message: ParentMessage) => {
    if ('config' in message) poller = run(message.config, (r) => process.send!({ report: r }));
    else if ('ack' in message) poller?.ack(...message.ack);
    else if ('stop' in message) poller?.stop();
  });
  process.send({ ready: true });
}
