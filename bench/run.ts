// `npm run bench`: the performance goals of docs/performance.md, each measured as a ratio in the same run
// (the machine is shared and noisy). Writes bench/results/<time>.json and .md (and latest.*); with
// `--write` it also puts the table into docs/performance.md. The ingest and polls phases run inboxd on one
// SQLite node and, when PostgreSQL and Redis answer, on two nodes sharing them (skipped, saying why,
// otherwise); the report ends with docs/operations.md's sizing tables recomputed from both (sizing-table.ts).
//
//   npm run bench                      all phases at full size, ingest with the peers (about 25 minutes on 2 cores)
//   npm run bench -- --quick           every phase small, one round (a smoke run, about 3 minutes)
//   npm run bench -- --only=reads,wake some phases only (ingest, reads, growth, wake, polls)
//   npm run bench -- --sizes=4k,512k   ingest at some message sizes only (4k, 512k, 7m)
//   npm run bench -- --no-peers        ingest without Haraka and MailDev (a full run measures them)
//   npm run bench -- --quick --peers   a quick run with the peers (a quick run leaves them out)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { runGrowth, type GrowthResult } from './growth.js';
import { runIngest, SHARED, type IngestOptions, type IngestResult } from './ingest.js';
import { runPolls, type PollsResult } from './polls.js';
import { runReads, type ReadsResult } from './reads.js';
import { ingestSvg } from './ingest-report.js';
import { renderReport } from './report.js';
import { installPeers, PEER_VERSIONS, type PeerName } from './support/peers.js';
import { sharedSkipReason } from './support/shared-backends.js';
import type { SampleSize } from './support/sample-mail.js';
import { ensureTools } from './support/tools.js';
import { runWake, type WakeResult } from './wake.js';

const root = new URL('../', import.meta.url).pathname;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const write = args.includes('--write');
const sizes = args
  .find((a) => a.startsWith('--sizes='))
  ?.slice('--sizes='.length)
  .split(',');
// The peers (Haraka, MailDev) are measured in a full run; a quick run (CI) leaves them out unless asked.
const withPeers = args.includes('--peers') || (!quick && !args.includes('--no-peers'));
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (phase: string) => only === undefined || only.includes(phase);
const log = (line: string) => console.error(`[bench] ${line}`);

export interface BenchResults {
  startedAt: string;
  quick: boolean;
  machine: { cpus: number; model: string; memoryGb: number; node: string };
  seconds: number;
  ingest?: IngestResult[];
  /** The peers of the ingest phase: measured, or why not. */
  peers?: { versions: Record<PeerName, string>; measured: PeerName[]; skipped?: string };
  reads?: ReadsResult;
  growth?: GrowthResult;
  wake?: WakeResult;
  polls?: PollsResult;
}

const started = Date.now();
const results: BenchResults = {
  startedAt: new Date(started).toISOString(),
  quick,
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  seconds: 0,
};

ensureTools([...(wanted('ingest') ? ['smtp-source', 'smtp-sink'] : []), ...(wanted('reads') ? ['wrk'] : [])]);
log('building dist/ (the service is measured as it is run)');
const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed');

if (wanted('ingest')) {
  const peers: NonNullable<BenchResults['peers']> = {
    versions: { haraka: PEER_VERSIONS.haraka.version, maildev: PEER_VERSIONS.maildev.version },
    measured: [],
  };
  if (!withPeers)
    peers.skipped = quick ? 'left out of a quick run (add --peers to measure them)' : 'left out (--no-peers)';
  else {
    const installed = installPeers(log);
    if (installed.ok) peers.measured = ['haraka', 'maildev'];
    else peers.skipped = `not installed: ${installed.reason}`;
  }
  if (peers.skipped !== undefined) log(`ingest peers (Haraka, MailDev) skipped: ${peers.skipped}`);
  results.peers = peers;
  const skipped: IngestOptions['skipped'] =
    peers.skipped === undefined ? {} : { Haraka: peers.skipped, MailDev: peers.skipped };
  // inboxd on two nodes sharing PostgreSQL and Redis (issue 15, goal 6), when both answer.
  const sharedSkip = await sharedSkipReason();
  if (sharedSkip !== null) {
    skipped[SHARED] = sharedSkip;
    log(`ingest on PostgreSQL and Redis ${sharedSkip}`);
  }
  const cases = (
    quick
      ? [
          { size: '4k' as SampleSize, sessions: 200, messages: 1500 },
          { size: '512k' as SampleSize, sessions: 200, messages: 300 },
          { size: '7m' as SampleSize, sessions: 50, messages: 50 },
        ]
      : [
          { size: '4k' as SampleSize, sessions: 200, messages: 6000 },
          { size: '512k' as SampleSize, sessions: 200, messages: 1200 },
          { size: '7m' as SampleSize, sessions: 50, messages: 150 },
        ]
  ).filter((c) => sizes === undefined || sizes.includes(c.size));
  results.ingest = await runIngest(
    cases,
    { interleaved: !quick, peers: peers.measured, shared: sharedSkip === null, skipped },
    log,
  );
}
if (wanted('reads')) results.reads = await runReads({ seconds: quick ? 3 : 10, rounds: quick ? 1 : 3 }, log);
if (wanted('growth'))
  results.growth = await runGrowth(
    { small: 10_000, large: quick ? 100_000 : 1_000_000, bigMailbox: quick ? 20_000 : 100_000 },
    log,
  );
if (wanted('wake')) results.wake = await runWake({ waiters: quick ? 200 : 1000 }, log);
if (wanted('polls'))
  results.polls = await runPolls(
    quick
      ? { mailboxes: 1000, seconds: 10, warmupSeconds: 3, mailRate: 100, pollerProcesses: 1 }
      : { mailboxes: 10_000, seconds: 60, warmupSeconds: 10, mailRate: 100, pollerProcesses: 2 },
    log,
  );
results.seconds = Math.round((Date.now() - started) / 1000);

const caption = `${results.startedAt}${quick ? ', quick run' : ''}, ${results.machine.cpus} × ${results.machine.model}, Node ${results.machine.node}`;
const hasChart = (results.ingest ?? []).some((c) => Object.keys(c.servers).length > 0);
const report = renderReport(results);
const stamp = results.startedAt.replace(/[:.]/g, '-');
const dir = new URL('results/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
// `latest` is the last run of every phase; a run of some phases only keeps just its own files.
const partial = only !== undefined || sizes !== undefined;
const names = [
  `${stamp}${quick ? '-quick' : ''}${only === undefined ? '' : `-${only.join('-')}`}${sizes === undefined ? '' : `-${sizes.join('-')}`}`,
];
if (!partial) names.push(quick ? 'latest-quick' : 'latest');
for (const name of names) {
  writeFileSync(`${dir}${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
  if (hasChart) writeFileSync(`${dir}${name}-ingest.svg`, ingestSvg(results.ingest ?? [], caption));
  writeFileSync(`${dir}${name}.md`, renderReport(results, hasChart ? { chart: `${name}-ingest.svg` } : {}));
}
console.log(report);
if (hasChart) log(`ingest chart: ${dir}${names[0]}-ingest.svg`);
if (write) {
  const doc = `${root}docs/performance.md`;
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  if (!text.includes(start) || !text.includes(end)) throw new Error(`${doc} has no ${start} … ${end} markers`);
  const docReport = renderReport(results, hasChart ? { chart: `../bench/results/${names[0]}-ingest.svg` } : {});
  writeFileSync(
    doc,
    `${text.slice(0, text.indexOf(start) + start.length)}\n${docReport}\n${text.slice(text.indexOf(end))}`,
  );
  log(`wrote the table into ${doc}`);
}
