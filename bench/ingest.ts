// Ingest over SMTP, measured with Postfix's smtp-source (one connection per message, unique recipients)
// against the servers of the same run: smtp-sink (the machine's ceiling), a bare smtp-server that
// discards (the goal's denominator), two peers — Haraka (discards) and MailDev (keeps each message in a
// temporary directory and in memory), see support/peers.ts — and inboxd (250 only after the durable
// commit, D10). Each server runs alone: it is started for its turn and stopped after it, in the order
// A B C D D C B A (bare, Haraka, MailDev, inboxd), so a drift of the shared machine hits all alike. For
// every server its process tree's CPU time and peak RSS are metered across its turn (support/usage.ts).
// While inboxd takes the load, its event-loop delay is read from /metrics, and an API poller lists a
// mailbox every 20 ms to show that reads keep being answered.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpsClient, type HttpsClient } from './support/https-client.js';
import { startPeer, type PeerName, type RunningPeer } from './support/peers.js';
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
export type ServerName = 'bare smtp-server' | 'Haraka' | 'MailDev' | 'inboxd';
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
  median: Record<'smtp-sink' | 'bare smtp-server' | 'inboxd', number> & Partial<Record<'Haraka' | 'MailDev', number>>;
  /** inboxd's median over the bare smtp-server's median. */
  ratio: number;
  inboxd: InboxdRound[];
  usage: Partial<Record<ServerName, ServerRound[]>>;
  servers: Partial<Record<ServerName, ServerSummary>>;
  /** Why a peer was not measured (not installed, failed to start or to take the load). */
  skipped: Partial<Record<'Haraka' | 'MailDev', string>>;
}

export interface IngestOptions {
  /** A B C D D C B A with smtp-sink first and last; otherwise one turn each. */
  interleaved: boolean;
  /** The peers to measure (installed already). */
  peers: PeerName[];
  /** Peers left out, and why; reported as such. */
  skipped: Partial<Record<'Haraka' | 'MailDev', string>>;
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

/** Runs smtp-source to completion; messages per second. */
async function smtpSource(port: number, file: string, c: IngestCase): Promise<number> {
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
    'rcpt@inboxd.test',
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

type Started = { target: IngestTarget; stop(): Promise<void> } & (
  { kind: 'plain'; port: number; pid: number } | { kind: 'inboxd'; node: RunningInboxd; client: HttpsClient }
);

async function start(target: IngestTarget, peers: Record<string, PeerName>): Promise<Started> {
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
      ];
      const order = turnOrder(servers, options.interleaved);
      const rates: Partial<Record<IngestTarget, number[]>> = {};
      const usage: Partial<Record<ServerName, ServerRound[]>> = {};
      const inboxdRounds: InboxdRound[] = [];
      const done: IngestTarget[] = [];
      let current: Started | undefined;
      try {
        for (const target of order) {
          if (
            target !== 'smtp-sink' &&
            target !== 'bare smtp-server' &&
            target !== 'inboxd' &&
            skipped[target] !== undefined
          )
            continue;
          // Each server alone on the machine: the previous one stops before the next starts (inboxd's two
          // turns in the middle run on one process, so its RSS after each round can be compared).
          if (current?.target !== target) {
            await current?.stop();
            current = undefined;
            try {
              current = await start(target, peerOf);
            } catch (error) {
              if (target !== 'Haraka' && target !== 'MailDev') throw error;
              skipped[target] = `did not start: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}`;
              log(`ingest ${c.size}: ${target} ${skipped[target]}`);
              continue;
            }
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
          if (current.kind === 'inboxd') {
            const r = await inboxdRound(current.node, current.client, sample.path, c);
            if (r.accepted !== c.messages) throw new Error(`inboxd accepted ${r.accepted} of ${c.messages} messages`);
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
      for (const peer of ['Haraka', 'MailDev'] as const) if (rates[peer] !== undefined) medians[peer] = median_(peer);
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
        skipped: { ...skipped },
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
