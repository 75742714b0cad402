// Ingest over SMTP, measured with Postfix's smtp-source (one connection per message, unique recipients)
// against the servers of the same run: smtp-sink (the machine's ceiling), a bare smtp-server that
// discards (the goal's denominator), two peers — Haraka (discards) and MailDev (keeps each message in a
// temporary directory and in memory), see support/peers.ts — and inboxd (250 only after the durable
// commit, D10). Each server runs alone: it is started for its turn and stopped after it, in the order
// A B C D D C B A (bare, Haraka, MailDev, inboxd), so a drift of the shared machine hits all alike. For
// every server its process tree's CPU time and peak RSS are metered across its turn (support/usage.ts).
// While inboxd takes the load, its event-loop delay is read from /metrics, and an API poller lists a
// mailbox every 20 ms to show that reads keep being answered.
//
// inboxd is measured a second way when the machine's PostgreSQL and Redis answer (issue 15, goal 6): two
// nodes sharing them, each on its own SMTP port, the load split in two (two smtp-source processes, each
// with half the sessions and half the messages, started together). Its rate is all the messages over the
// time until both finished; its CPU per message is both nodes' CPU (process trees) over all the messages,
// and its peak RSS is the larger node's. Beside it: the CPU of the PostgreSQL backends serving the nodes
// and of the Redis server, the WAL written and the bytes left in PostgreSQL and Redis per message — the
// figures docs/operations.md's sizing is recomputed from (sizing-table.ts). Each case gets a fresh
// schema and key prefix, dropped and deleted after it (support/shared-backends.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpsClient, type HttpsClient } from './support/https-client.js';
import { startPeer, type PeerName, type RunningPeer } from './support/peers.js';
import { meterEngines, openSharedBackends, type SharedBackends } from './support/shared-backends.js';
import {
  rssOf,
  startHelper,
  startInboxd,
  startSmtpSink,
  type Running,
  type RunningInboxd,
} from './support/processes.js';
import { writeSampleMail, type SampleSize } from './support/sample-mail.js';
import { middle, percentile, round } from './support/stats.js';
import { meterUsage, type Usage } from './support/usage.js';

export interface IngestCase {
  size: SampleSize;
  sessions: number;
  messages: number;
}

/** The servers whose cost is metered and compared; smtp-sink (C, no Node) is the machine's ceiling only. */
export type ServerName = 'bare smtp-server' | 'Haraka' | 'MailDev' | 'inboxd' | typeof SHARED;
/** inboxd on two nodes sharing PostgreSQL and Redis. */
export const SHARED = 'inboxd on PG + Redis (2 nodes)';
/** The servers a case may leave out, saying why. */
export type Optional = 'Haraka' | 'MailDev' | typeof SHARED;
const optional = (target: IngestTarget): target is Optional =>
  target === 'Haraka' || target === 'MailDev' || target === SHARED;
export type IngestTarget = 'smtp-sink' | ServerName;
export const PEER_LABELS: Record<PeerName, ServerName> = { haraka: 'Haraka', maildev: 'MailDev' };

export interface InboxdRound {
  rate: number;
  maxRssMb: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  pollerP99Ms: number;
  pollerMaxMs: number;
  pollerAnswers: number;
  accepted: number;
  rssAfterMb: number;
}

/** One turn of one server: its rate and what its process tree used meanwhile. */
export interface ServerRound {
  rate: number;
  /** Seconds the server kept working after smtp-source ended, metered too. */
  settleSeconds: number;
  cpuSeconds: number;
  cpuMsPerMessage: number;
  peakRssMb: number;
}

/** One round of inboxd on two nodes sharing PostgreSQL and Redis. */
export interface SharedRound {
  rate: number;
  /** Both nodes' CPU over all the messages. */
  cpuMsPerMessage: number;
  nodePeakRssMb: number[];
  /** Seconds the busier node kept working after the load ended, metered too. */
  settleSeconds: number;
  /** Of each node's smtp-source, the messages it sent and the ones the node accepted. */
  sent: number[];
  accepted: number[];
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** The PostgreSQL backends serving the nodes and the Redis server (shared with the machine). */
  engineCpuMsPerMessage: number;
  /** WAL written over the round (the whole server's, so anything else writing meanwhile adds to it). */
  walBytesPerMessage: number;
}

export interface SharedIngest {
  rounds: SharedRound[];
  /** Medians over the rounds. */
  engineCpuMsPerMessage: number;
  walBytesPerMessage: number;
  /** The schema's tables (TOAST and indexes) and the prefix's Redis keys after the case, per stored message. */
  diskBytesPerMessage: number;
  redisBytesPerMessage: number;
  redisKeys: number;
}

/** A server over the rounds of a case: the median rate and CPU per message, the highest peak RSS. */
export interface ServerSummary {
  rate: number;
  cpuMsPerMessage: number;
  peakRssMb: number;
  rounds: number;
}

export interface IngestResult extends IngestCase {
  bytes: number;
  /** The turns as they were run. */
  order: IngestTarget[];
  rates: Partial<Record<IngestTarget, number[]>>;
  median: Record<'smtp-sink' | 'bare smtp-server' | 'inboxd', number> & Partial<Record<Optional, number>>;
  /** inboxd's median over the bare smtp-server's median. */
  ratio: number;
  inboxd: InboxdRound[];
  usage: Partial<Record<ServerName, ServerRound[]>>;
  servers: Partial<Record<ServerName, ServerSummary>>;
  /** inboxd on PostgreSQL + Redis: the rounds and what the engines did. */
  shared?: SharedIngest;
  /** Why a peer or the shared setup was not measured (not installed or reachable, failed to start or to take the load). */
  skipped: Partial<Record<Optional, string>>;
}

export interface IngestOptions {
  /** A B C D D C B A with smtp-sink first and last; otherwise one turn each. */
  interleaved: boolean;
  /** The peers to measure (installed already). */
  peers: PeerName[];
  /** Measure inboxd on two nodes sharing PostgreSQL and Redis too (both reachable). */
  shared: boolean;
  /** Peers (or the shared setup) left out, and why; reported as such. */
  skipped: Partial<Record<Optional, string>>;
}

/** The turns of a case: smtp-sink, then the servers A B C D, mirrored (D C B A, smtp-sink) when interleaved. */
export function turnOrder(servers: readonly ServerName[], interleaved: boolean): IngestTarget[] {
  if (!interleaved) return ['smtp-sink', ...servers];
  return ['smtp-sink', ...servers, ...[...servers].reverse(), 'smtp-sink'];
}

function serverRound(rate: number, usage: Usage, messages: number): ServerRound {
  return {
    rate,
    settleSeconds: usage.settleSeconds,
    cpuSeconds: round(usage.cpuSeconds, 3),
    cpuMsPerMessage: round((usage.cpuSeconds * 1000) / messages, 3),
    peakRssMb: round(usage.peakRssBytes / 1e6),
  };
}

export function summarise(rounds: readonly ServerRound[]): ServerSummary {
  return {
    rate: middle(rounds.map((r) => r.rate)),
    cpuMsPerMessage: middle(rounds.map((r) => r.cpuMsPerMessage)),
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
    rounds: rounds.length,
  };
}

export const INBOXD_BENCH_ENV = {
  INBOXD_SMTP_MAX_CONNECTIONS: '1000',
  INBOXD_SMTP_MAX_CONNECTIONS_PER_IP: '1000',
  INBOXD_RATE_LIMIT_SCALE: '1000000',
};

/** A generous bound on one smtp-source run: a server that stalls (or never answers) fails its turn instead of hanging the bench. */
export function sourceTimeoutMs(c: IngestCase): number {
  const perMessageMs: Record<SampleSize, number> = { '4k': 20, '512k': 200, '7m': 2000 };
  return 30_000 + c.messages * perMessageMs[c.size];
}

/**
 * Runs smtp-source to completion; messages per second. `-N` numbers the recipients (1rcpt@, 2rcpt@, …) from
 * 1 in every process, so processes started side by side take different `recipient`s to keep them unique.
 */
async function smtpSource(port: number, file: string, c: IngestCase, recipient = 'rcpt@inboxd.test'): Promise<number> {
  const args = [
    '-s',
    String(c.sessions),
    '-m',
    String(c.messages),
    '-F',
    file,
    '-f',
    'sender@bench.test',
    '-t',
    recipient,
    '-N',
    '-M',
    'bench.test',
    `127.0.0.1:${port}`,
  ];
  const started = performance.now();
  const child = spawn('smtp-source', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const limit = sourceTimeoutMs(c);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limit);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  if (timedOut) throw new Error(`smtp-source did not finish ${c.messages} messages within ${limit / 1000} s`);
  if (code !== 0) throw new Error(`smtp-source ended with ${code}: ${stderr.trim()}`);
  return c.messages / seconds;
}

/** Lists one mailbox every 20 ms until stopped; the latencies of the answers. */
function startPoller(client: HttpsClient): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const { status } = await client.get('/api/v1/mailbox?address=poller@inboxd.test');
      if (status === 200) latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

async function inboxdRound(
  node: RunningInboxd,
  client: HttpsClient,
  file: string,
  c: IngestCase,
): Promise<InboxdRound & { usage: Usage }> {
  const acceptedBefore = await client.metric('inboxd_smtp_messages_accepted_total');
  await client.metric('inboxd_process_nodejs_eventloop_lag_p99_seconds'); // a scrape resets the histogram
  const poller = startPoller(client);
  const meter = meterUsage(node.pid);
  let rate: number;
  try {
    rate = await smtpSource(node.smtpPort, file, c);
  } catch (error) {
    meter.stop();
    await poller.stop();
    throw error;
  }
  const latencies = await poller.stop();
  // The event loop over the load only (scraped before the wait for idle below).
  const [p99, max, acceptedAfter] = await client.metrics([
    'inboxd_process_nodejs_eventloop_lag_p99_seconds',
    'inboxd_process_nodejs_eventloop_lag_max_seconds',
    'inboxd_smtp_messages_accepted_total',
  ]);
  const usage = await meter.stopWhenIdle();
  const accepted = acceptedAfter! - acceptedBefore;
  return {
    rate,
    maxRssMb: round(usage.peakRssBytes / 1e6),
    eventLoopP99Ms: round(p99! * 1000),
    eventLoopMaxMs: round(max! * 1000),
    pollerP99Ms: round(percentile(latencies, 99)),
    pollerMaxMs: round(Math.max(...latencies)),
    pollerAnswers: latencies.length,
    accepted,
    rssAfterMb: round(rssOf(node.pid) / 1e6),
    usage,
  };
}

/** A case split over `parts` smtp-source processes: the sessions and the messages shared out as evenly as they go. */
export function splitCase(c: IngestCase, parts: number): IngestCase[] {
  const share = (total: number, i: number) => Math.floor(total / parts) + (i < total % parts ? 1 : 0);
  return Array.from({ length: parts }, (_, i) => ({
    ...c,
    sessions: Math.max(1, share(c.sessions, i)),
    messages: share(c.messages, i),
  }));
}

interface SharedStarted {
  nodes: RunningInboxd[];
  clients: HttpsClient[];
  backends: SharedBackends;
}

async function sharedRound(s: SharedStarted, file: string, c: IngestCase): Promise<SharedRound> {
  const counter = 'inboxd_smtp_messages_accepted_total';
  const lag = ['inboxd_process_nodejs_eventloop_lag_p99_seconds', 'inboxd_process_nodejs_eventloop_lag_max_seconds'];
  const acceptedBefore = await Promise.all(s.clients.map((client) => client.metric(counter)));
  await Promise.all(s.clients.map((client) => client.metric(lag[0]!))); // a scrape resets the histogram
  const parts = splitCase(c, s.nodes.length);
  const wal = await s.backends.walPosition();
  const meters = s.nodes.map((node) => meterUsage(node.pid));
  const engines = meterEngines(s.backends);
  const started = performance.now();
  try {
    await Promise.all(
      s.nodes.map((node, i) => smtpSource(node.smtpPort, file, parts[i]!, `rcpt.node${i + 1}@inboxd.test`)),
    );
  } catch (error) {
    for (const meter of meters) meter.stop();
    await engines.stop();
    throw error;
  }
  const rate = c.messages / ((performance.now() - started) / 1000);
  const after = await Promise.all(s.clients.map((client) => client.metrics([...lag, counter])));
  const used = await Promise.all(meters.map((meter) => meter.stopWhenIdle()));
  const engine = await engines.stop();
  const walBytes = await s.backends.walBytesSince(wal);
  const cpuSeconds = used.reduce((sum, u) => sum + u.cpuSeconds, 0);
  return {
    rate,
    cpuMsPerMessage: round((cpuSeconds * 1000) / c.messages, 3),
    nodePeakRssMb: used.map((u) => round(u.peakRssBytes / 1e6)),
    settleSeconds: Math.max(...used.map((u) => u.settleSeconds)),
    sent: parts.map((p) => p.messages),
    accepted: after.map((a, i) => a[2]! - acceptedBefore[i]!),
    eventLoopP99Ms: round(Math.max(...after.map((a) => a[0]!)) * 1000),
    eventLoopMaxMs: round(Math.max(...after.map((a) => a[1]!)) * 1000),
    engineCpuMsPerMessage: round((engine.cpuSeconds * 1000) / c.messages, 3),
    walBytesPerMessage: Math.round(walBytes / c.messages),
  };
}

type Started = { target: IngestTarget; stop(): Promise<void> } & (
  | { kind: 'plain'; port: number; pid: number }
  | { kind: 'inboxd'; node: RunningInboxd; client: HttpsClient }
  | ({ kind: 'shared' } & SharedStarted)
);

/** Two inboxd nodes on a fresh schema and prefix; all of it stopped, dropped and deleted by `stop`. */
async function startShared(): Promise<Started> {
  const backends = await openSharedBackends();
  const nodes: RunningInboxd[] = [];
  const clients: HttpsClient[] = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(nodes.map((node) => node.stop()));
    await backends.close();
  };
  try {
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i += 1) nodes.push(await startInboxd({ ...INBOXD_BENCH_ENV, ...backends.env }));
    clients.push(...nodes.map((node) => httpsClient(node)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { target: SHARED, kind: 'shared', nodes, clients, backends, stop };
}

async function start(target: IngestTarget, peers: Record<string, PeerName>): Promise<Started> {
  if (target === SHARED) return startShared();
  if (target === 'inboxd') {
    const node = await startInboxd(INBOXD_BENCH_ENV);
    const client = httpsClient(node);
    return {
      target,
      kind: 'inboxd',
      node,
      client,
      async stop() {
        await client.close();
        await node.stop();
      },
    };
  }
  let running: (Running & { port: number }) | RunningPeer;
  if (target === 'smtp-sink') running = await startSmtpSink();
  else if (target === 'bare smtp-server') running = await startHelper('bare-smtp-server.ts');
  else running = await startPeer(peers[target]!);
  return { target, kind: 'plain', port: running.port, pid: running.pid, stop: () => running.stop() };
}

/** What the shared setup's rounds left in PostgreSQL and Redis, per message stored (read before it is dropped). */
async function sharedLeftovers(
  s: SharedStarted,
  rounds: readonly SharedRound[],
  c: IngestCase,
): Promise<Pick<SharedIngest, 'diskBytesPerMessage' | 'redisBytesPerMessage' | 'redisKeys'> | undefined> {
  const stored = rounds.length * c.messages;
  if (stored === 0) return undefined;
  const [disk, redis] = await Promise.all([
    s.backends.diskBytes().catch(() => Number.NaN),
    s.backends.redisUsage().catch(() => ({ keys: Number.NaN, bytes: Number.NaN })),
  ]);
  return {
    diskBytesPerMessage: Math.round(disk / stored),
    redisBytesPerMessage: Math.round(redis.bytes / stored),
    redisKeys: redis.keys,
  };
}

export async function runIngest(
  cases: IngestCase[],
  options: IngestOptions,
  log: (line: string) => void,
): Promise<IngestResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-mail-'));
  const results: IngestResult[] = [];
  const peerOf: Record<string, PeerName> = Object.fromEntries(options.peers.map((p) => [PEER_LABELS[p], p]));
  try {
    for (const c of cases) {
      const skipped = { ...options.skipped }; // a peer that failed at one size is tried again at the next
      const sample = writeSampleMail(dir, c.size);
      const servers: ServerName[] = [
        'bare smtp-server',
        ...options.peers.map((p) => PEER_LABELS[p]).filter((l) => skipped[l as 'Haraka' | 'MailDev'] === undefined),
        'inboxd',
        ...(options.shared && skipped[SHARED] === undefined ? ([SHARED] as const) : []),
      ];
      const order = turnOrder(servers, options.interleaved);
      const rates: Partial<Record<IngestTarget, number[]>> = {};
      const usage: Partial<Record<ServerName, ServerRound[]>> = {};
      const inboxdRounds: InboxdRound[] = [];
      const sharedRounds: SharedRound[] = [];
      let sharedAfter: Pick<SharedIngest, 'diskBytesPerMessage' | 'redisBytesPerMessage' | 'redisKeys'> | undefined;
      const done: IngestTarget[] = [];
      let current: Started | undefined;
      try {
        for (const target of order) {
          if (optional(target) && skipped[target] !== undefined) continue;
          // Each server alone on the machine: the previous one stops before the next starts (inboxd's two
          // turns in the middle run on one process, so its RSS after each round can be compared).
          if (current?.target !== target) {
            if (current?.kind === 'shared') sharedAfter = await sharedLeftovers(current, sharedRounds, c);
            await current?.stop();
            current = undefined;
            try {
              current = await start(target, peerOf);
            } catch (error) {
              if (!optional(target)) throw error;
              skipped[target] = `did not start: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}`;
              log(`ingest ${c.size}: ${target} ${skipped[target]}`);
              continue;
            }
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
          if (current.kind === 'shared') {
            let r: SharedRound;
            try {
              r = await sharedRound(current, sample.path, c);
              const accepted = r.accepted.reduce((a, b) => a + b, 0);
              if (accepted !== c.messages) throw new Error(`accepted ${accepted} of ${c.messages} messages`);
            } catch (error) {
              skipped[SHARED] = `failed under load: ${(error as Error).message.slice(0, 300)}`;
              log(`ingest ${c.size}: ${SHARED} ${skipped[SHARED]}`);
              delete rates[SHARED];
              delete usage[SHARED];
              sharedRounds.length = 0;
              continue;
            }
            sharedRounds.push(r);
            (rates[SHARED] ??= []).push(r.rate);
            (usage[SHARED] ??= []).push({
              rate: r.rate,
              settleSeconds: r.settleSeconds,
              cpuSeconds: round((r.cpuMsPerMessage * c.messages) / 1000, 3),
              cpuMsPerMessage: r.cpuMsPerMessage,
              peakRssMb: Math.max(...r.nodePeakRssMb),
            });
            log(
              `ingest ${c.size} ${SHARED}: ${r.rate.toFixed(1)} msg/s, ${r.cpuMsPerMessage} ms CPU/msg (both nodes), RSS ${r.nodePeakRssMb.join(' / ')} MB; PostgreSQL backends + Redis ${r.engineCpuMsPerMessage} ms CPU/msg, WAL ${r.walBytesPerMessage} B/msg; p99 loop ${r.eventLoopP99Ms} ms`,
            );
          } else if (current.kind === 'inboxd') {
            // A turn that fails (smtp-source told 421 by a service it overloaded: it writes one session's
            // message at a time, so sessions that wait on it keep no pace) is run again once, and said so.
            let r: Awaited<ReturnType<typeof inboxdRound>>;
            try {
              r = await inboxdRound(current.node, current.client, sample.path, c);
              if (r.accepted !== c.messages) throw new Error(`inboxd accepted ${r.accepted} of ${c.messages} messages`);
            } catch (error) {
              log(`ingest ${c.size} inboxd: turn failed (${(error as Error).message.slice(0, 300)}); running it again`);
              r = await inboxdRound(current.node, current.client, sample.path, c);
              if (r.accepted !== c.messages) throw new Error(`inboxd accepted ${r.accepted} of ${c.messages} messages`);
            }
            const { usage: used, ...inboxdRound_ } = r;
            inboxdRounds.push(inboxdRound_);
            (rates.inboxd ??= []).push(r.rate);
            (usage.inboxd ??= []).push(serverRound(r.rate, used, c.messages));
            log(
              `ingest ${c.size} inboxd: ${r.rate.toFixed(1)} msg/s, ${usage.inboxd.at(-1)!.cpuMsPerMessage} ms CPU/msg (${usage.inboxd.at(-1)!.settleSeconds} s busy after the load), RSS ${r.maxRssMb} MB; p99 loop ${r.eventLoopP99Ms} ms`,
            );
          } else {
            const metered = target !== 'smtp-sink';
            const meter = metered ? meterUsage(current.pid) : undefined;
            let rate: number;
            try {
              rate = await smtpSource(current.port, sample.path, c);
            } catch (error) {
              meter?.stop();
              if (target !== 'Haraka' && target !== 'MailDev') throw error;
              skipped[target] = `failed under load: ${(error as Error).message.slice(0, 300)}`;
              log(`ingest ${c.size}: ${target} ${skipped[target]}`);
              delete rates[target];
              delete usage[target];
              continue;
            }
            const used = await meter?.stopWhenIdle();
            (rates[target] ??= []).push(rate);
            if (used !== undefined) (usage[target as ServerName] ??= []).push(serverRound(rate, used, c.messages));
            const last = usage[target as ServerName]?.at(-1);
            const cost =
              last === undefined
                ? ''
                : `, ${last.cpuMsPerMessage} ms CPU/msg (${last.settleSeconds} s busy after the load), RSS ${last.peakRssMb} MB`;
            log(`ingest ${c.size} ${target}: ${rate.toFixed(1)} msg/s${cost}`);
          }
          done.push(target);
        }
        if (current?.kind === 'shared') sharedAfter = await sharedLeftovers(current, sharedRounds, c);
      } finally {
        await current?.stop();
      }
      const summaries: Partial<Record<ServerName, ServerSummary>> = {};
      for (const [name, rounds] of Object.entries(usage))
        if (rounds.length > 0) summaries[name as ServerName] = summarise(rounds);
      const median_ = (t: IngestTarget) => middle(rates[t] ?? []);
      const medians: IngestResult['median'] = {
        'smtp-sink': median_('smtp-sink'),
        'bare smtp-server': median_('bare smtp-server'),
        inboxd: median_('inboxd'),
      };
      for (const peer of ['Haraka', 'MailDev', SHARED] as const)
        if (rates[peer] !== undefined) medians[peer] = median_(peer);
      const shared: SharedIngest | undefined =
        sharedRounds.length > 0 && sharedAfter !== undefined
          ? {
              rounds: sharedRounds,
              engineCpuMsPerMessage: middle(sharedRounds.map((r) => r.engineCpuMsPerMessage)),
              walBytesPerMessage: middle(sharedRounds.map((r) => r.walBytesPerMessage)),
              ...sharedAfter,
            }
          : undefined;
      results.push({
        ...c,
        bytes: sample.bytes,
        order: done,
        rates,
        median: medians,
        ratio: medians.inboxd / medians['bare smtp-server'],
        inboxd: inboxdRounds,
        usage,
        servers: summaries,
        ...(shared === undefined ? {} : { shared }),
        skipped: { ...skipped },
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
