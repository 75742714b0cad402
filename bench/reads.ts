// Reads over HTTPS with keep-alive, driven by wrk (50 connections): inboxd's list of 50 messages, one
// message, and an attachment download, against a fastify route answering fixed JSON over HTTPS with the
// same certificate, all in the same run. The rate limits are scaled up (INBOXD_RATE_LIMIT_SCALE) so the
// limiter still runs on every request but does not refuse the load generator.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INBOXD_BENCH_ENV } from './ingest.js';
import { httpsClient } from './support/https-client.js';
import { startHelper, startInboxd } from './support/processes.js';
import { sampleMail } from './support/sample-mail.js';
import { median, round } from './support/stats.js';

export type ReadTarget = 'fixed JSON' | 'list (50)' | 'read one' | 'attachment (100 KiB)';

export interface WrkRun {
  rate: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface ReadsResult {
  connections: number;
  seconds: number;
  runs: Record<ReadTarget, WrkRun[]>;
  median: Record<ReadTarget, { rate: number; p99Ms: number }>;
  /** Each inboxd route's median rate over the fixed-JSON route's. */
  ratio: Record<Exclude<ReadTarget, 'fixed JSON'>, number>;
}

const CONNECTIONS = 50;

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

export function parseWrk(output: string): WrkRun {
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const latency = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
    return m === null ? Number.NaN : toMs(m[1]!, m[2]!);
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket === null ? 0 : socket.slice(1).reduce((sum, n) => sum + Number(n), 0);
  if (!Number.isFinite(rate)) throw new Error(`could not read wrk's output:\n${output}`);
  return { rate, p50Ms: latency('50'), p99Ms: latency('99'), errors: non2xx + socketErrors };
}

async function wrk(url: string, seconds: number): Promise<WrkRun> {
  const child = spawn('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return parseWrk(output);
}

async function smtpSourceTo(port: number, file: string, to: string, messages: number): Promise<void> {
  const child = spawn(
    'smtp-source',
    ['-s', '4', '-m', String(messages), '-F', file, '-f', 'sender@bench.test', '-t', to, `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`smtp-source ended with ${code} while filling the mailbox`);
}

function attachmentMail(): string {
  const pdf = (
    randomBytes(100 * 1024)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\n');
  return `From: <sender@bench.test>\nTo: <reader@inboxd.test>\nSubject: with an attachment\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\nSee the file.\n--b\nContent-Type: application/pdf\nContent-Disposition: attachment; filename="file.pdf"\nContent-Transfer-Encoding: base64\n\n${pdf}\n--b--\n`;
}

export async function runReads(
  options: { seconds: number; rounds: number },
  log: (line: string) => void,
): Promise<ReadsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-reads-'));
  const node = await startInboxd(INBOXD_BENCH_ENV);
  const client = httpsClient(node);
  const fixed = await startHelper('fixed-json-server.ts', [node.certFile, node.keyFile]);
  try {
    writeFileSync(join(dir, 'attachment.eml'), attachmentMail());
    writeFileSync(join(dir, 'text.eml'), sampleMail('4k'));
    await smtpSourceTo(node.smtpPort, join(dir, 'attachment.eml'), 'reader@inboxd.test', 1);
    await smtpSourceTo(node.smtpPort, join(dir, 'text.eml'), 'reader@inboxd.test', 60);
    const list = JSON.parse((await client.get('/api/v1/mailbox?address=reader@inboxd.test&limit=50')).text) as {
      messages: { id: string; attachmentCount?: number }[];
    };
    if (list.messages.length !== 50) throw new Error(`the list holds ${list.messages.length} messages, not 50`);
    const listAll = JSON.parse((await client.get('/api/v1/mailbox?address=reader@inboxd.test&limit=100')).text) as {
      messages: { id: string }[];
    };
    const withFile = listAll.messages.at(-1)!.id;
    const message = JSON.parse((await client.get(`/api/v1/message/${withFile}?mailbox=reader@inboxd.test`)).text) as {
      attachments: { url: string }[];
    };
    const attachmentPath = new URL(message.attachments[0]!.url).pathname + new URL(message.attachments[0]!.url).search;
    const base = `https://127.0.0.1:${node.httpsPort}`;
    const urls: Record<ReadTarget, string> = {
      'fixed JSON': `https://127.0.0.1:${fixed.port}/fixed`,
      'list (50)': `${base}/api/v1/mailbox?address=reader@inboxd.test&limit=50`,
      'read one': `${base}/api/v1/message/${list.messages[0]!.id}?mailbox=reader@inboxd.test`,
      'attachment (100 KiB)': `${base}${attachmentPath}`,
    };
    const runs: Record<ReadTarget, WrkRun[]> = {
      'fixed JSON': [],
      'list (50)': [],
      'read one': [],
      'attachment (100 KiB)': [],
    };
    for (let r = 0; r < options.rounds; r += 1) {
      for (const target of Object.keys(urls) as ReadTarget[]) {
        const run = await wrk(urls[target], options.seconds);
        if (run.errors > 0) throw new Error(`${target}: ${run.errors} failed requests under wrk`);
        runs[target].push(run);
        log(`reads ${target} round ${r + 1}: ${run.rate.toFixed(0)} req/s, p99 ${run.p99Ms} ms`);
      }
    }
    const med = (target: ReadTarget) => ({
      rate: round(median(runs[target].map((x) => x.rate)), 0),
      p99Ms: round(median(runs[target].map((x) => x.p99Ms)), 2),
    });
    const medians = {
      'fixed JSON': med('fixed JSON'),
      'list (50)': med('list (50)'),
      'read one': med('read one'),
      'attachment (100 KiB)': med('attachment (100 KiB)'),
    };
    const ratio = (target: ReadTarget) => medians[target].rate / medians['fixed JSON'].rate;
    return {
      connections: CONNECTIONS,
      seconds: options.seconds,
      runs,
      median: medians,
      ratio: {
        'list (50)': ratio('list (50)'),
        'read one': ratio('read one'),
        'attachment (100 KiB)': ratio('attachment (100 KiB)'),
      },
    };
  } finally {
    await client.close();
    await fixed.stop();
    await node.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
