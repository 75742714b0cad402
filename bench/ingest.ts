// Ingest over SMTP, measured with Postfix's smtp-source (one connection per message, unique recipients)
// against three servers in the same run: smtp-sink (the machine's ceiling), a bare smtp-server that
// discards (the goal's denominator) and inboxd (250 only after the durable commit, D10). While inboxd
// takes the load, its RSS is sampled, its event-loop delay is read from /metrics, and an API poller
// lists a mailbox every 20 ms to show that reads keep being answered.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpsClient, type HttpsClient } from './support/https-client.js';
import { rssOf, startHelper, startInboxd, startSmtpSink, type Running, type RunningInboxd } from './support/processes.js';
import { writeSampleMail, type SampleSize } from './support/sample-mail.js';
import { median, percentile, round } from './support/stats.js';

export interface IngestCase {
  size: SampleSize;
  sessions: number;
  messages: number;
}

export type IngestTarget = 'smtp-sink' | 'bare smtp-server' | 'inboxd';

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

export interface IngestResult extends IngestCase {
  bytes: number;
  rates: Record<IngestTarget, number[]>;
  median: Record<IngestTarget, number>;
  /** inboxd's median over the bare smtp-server's median. */
  ratio: number;
  inboxd: InboxdRound[];
}

export const INBOXD_BENCH_ENV = {
  INBOXD_SMTP_MAX_CONNECTIONS: '1000',
  INBOXD_SMTP_MAX_CONNECTIONS_PER_IP: '1000',
  INBOXD_RATE_LIMIT_SCALE: '1000000',
};

/** Runs smtp-source to completion; messages per second. */
async function smtpSource(port: number, file: string, c: IngestCase): Promise<number> {
  const args = ['-s', String(c.sessions), '-m', String(c.messages), '-F', file, '-f', 'sender@bench.test', '-t', 'rcpt@inboxd.test', '-N', '-M', 'bench.test', `127.0.0.1:${port}`];
  const started = performance.now();
  const child = spawn('smtp-source', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
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

async function inboxdRound(node: RunningInboxd, client: HttpsClient, file: string, c: IngestCase): Promise<InboxdRound> {
  const acceptedBefore = await client.metric('inboxd_smtp_messages_accepted_total');
  await client.metric('inboxd_process_nodejs_eventloop_lag_p99_seconds'); // a scrape resets the histogram
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssOf(node.pid))), 100);
  const poller = startPoller(client);
  let rate: number;
  try {
    rate = await smtpSource(node.smtpPort, file, c);
  } finally {
    clearInterval(sampler);
  }
  const latencies = await poller.stop();
  const [p99, max, acceptedAfter] = await client.metrics([
    'inboxd_process_nodejs_eventloop_lag_p99_seconds',
    'inboxd_process_nodejs_eventloop_lag_max_seconds',
    'inboxd_smtp_messages_accepted_total',
  ]);
  const accepted = acceptedAfter! - acceptedBefore;
  return {
    rate,
    maxRssMb: round(maxRss / 1e6),
    eventLoopP99Ms: round(p99! * 1000),
    eventLoopMaxMs: round(max! * 1000),
    pollerP99Ms: round(percentile(latencies, 99)),
    pollerMaxMs: round(Math.max(...latencies)),
    pollerAnswers: latencies.length,
    accepted,
    rssAfterMb: round(rssOf(node.pid) / 1e6),
  };
}

export async function runIngest(cases: IngestCase[], rounds: number, log: (line: string) => void): Promise<IngestResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-mail-'));
  const results: IngestResult[] = [];
  try {
    for (const c of cases) {
      const sample = writeSampleMail(dir, c.size);
      const rates: Record<IngestTarget, number[]> = { 'smtp-sink': [], 'bare smtp-server': [], inboxd: [] };
      const inboxdRounds: InboxdRound[] = [];
      const node = await startInboxd(INBOXD_BENCH_ENV);
      const client = httpsClient(node);
      const sink = await startSmtpSink();
      const bare = await startHelper('bare-smtp-server.ts');
      const helpers: Running[] = [sink, bare];
      try {
        // Rounds interleave the targets, so a slow moment of the shared machine hits all three alike.
        for (let r = 0; r < rounds; r += 1) {
          rates['smtp-sink'].push(await smtpSource(sink.port, sample.path, c));
          rates['bare smtp-server'].push(await smtpSource(bare.port, sample.path, c));
          const round_ = await inboxdRound(node, client, sample.path, c);
          if (round_.accepted !== c.messages) throw new Error(`inboxd accepted ${round_.accepted} of ${c.messages} messages`);
          rates.inboxd.push(round_.rate);
          inboxdRounds.push(round_);
          log(`ingest ${c.size} round ${r + 1}: sink ${rates['smtp-sink'].at(-1)!.toFixed(0)}, bare ${rates['bare smtp-server'].at(-1)!.toFixed(0)}, inboxd ${round_.rate.toFixed(0)} msg/s; p99 loop ${round_.eventLoopP99Ms} ms; RSS ${round_.maxRssMb} MB`);
        }
      } finally {
        await client.close();
        await node.stop();
        for (const h of helpers) await h.stop();
      }
      const medians = {
        'smtp-sink': median(rates['smtp-sink']),
        'bare smtp-server': median(rates['bare smtp-server']),
        inboxd: median(rates.inboxd),
      };
      results.push({ ...c, bytes: sample.bytes, rates, median: medians, ratio: medians.inboxd / medians['bare smtp-server'], inboxd: inboxdRounds });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
