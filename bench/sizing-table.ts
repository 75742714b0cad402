// docs/operations.md's sizing, recomputed from a bench run (issue 15, goal 6): what one message and one
// poll cost on each setup (one node on SQLite; two nodes sharing PostgreSQL and Redis), as the ingest and
// polls phases measured them, and, from those figures, what 1, 10 and 100 million messages a day need.
// The bench's Markdown report prints both tables, so the docs can be copied from a run; for runs of some
// phases only, `npx tsx bench/sizing-table.ts bench/results/<ingest run>.json bench/results/<polls run>.json`
// prints them from the ingest and polls of several results files (each phase from the last file that has it).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SHARED, type IngestResult, type ServerName } from './ingest.js';
import { sizeLabel } from './ingest-report.js';
import type { PollsResult, PollsRun } from './polls.js';

/** The assumptions of the reckoning, stated in the report under the table. */
export const SIZING = {
  /** Days of mail present at most: 5 of retention and today (tomorrow's partitions are made empty ahead). */
  daysPresent: 6,
  /** The peak over the day's mean. */
  peakFactor: 5,
  /** API requests (polls and reads) per message. */
  requestsPerMessage: 10,
  /** Cores of work one node is given: one event loop, kept below 70% busy. */
  coresPerNode: 0.7,
  /** INBOXD_DATABASE_POOL_SIZE's default. */
  poolSize: 10,
  volumes: [1e6, 1e7, 1e8],
} as const;

const SQLITE: ServerName = 'inboxd';

interface IngestFigures {
  rate: number;
  cpuMsPerMessage: number;
  peakRssMb: number;
}

interface PollFigures {
  run: PollsRun;
  /** Whether the arriving mail's share could be taken out (the run had a 4 KB ingest of the same setup). */
  mailTakenOut: boolean;
  /** inboxd's CPU per poll, the arriving mail's share (at the 4 KB ingest's CPU per message) taken out. */
  cpuMsPerPoll: number;
  /** The PostgreSQL backends' and Redis's, likewise. */
  engineMsPerPoll?: number;
}

export interface SizingInputs {
  sqlite: Partial<Record<string, IngestFigures>>;
  shared: Partial<Record<string, IngestFigures & NonNullable<IngestResult['shared']>>>;
  sqlitePolls?: PollFigures;
  sharedPolls?: PollFigures;
  sizes: string[];
  /** Why the shared setup was not measured, and at which sizes. */
  sharedSkipped: { reason: string; sizes: string[] }[];
  pollsSharedSkipped?: string;
}

function pollFigures(run: PollsRun | undefined, mailCpuMs: number, mailEngineMs?: number): PollFigures | undefined {
  if (run === undefined || !(run.pollsPerSecond > 0)) return undefined;
  const perPoll = (cores: number, mailMs: number) =>
    Math.max(0, cores * 1000 - run.mailPerSecond * (Number.isFinite(mailMs) ? mailMs : 0)) / run.pollsPerSecond;
  return {
    run,
    mailTakenOut: Number.isFinite(mailCpuMs),
    cpuMsPerPoll: perPoll(run.serviceCores, mailCpuMs),
    ...(run.engineCores === undefined ? {} : { engineMsPerPoll: perPoll(run.engineCores, mailEngineMs ?? Number.NaN) }),
  };
}

/** The figures the sizing is built from, picked out of a run's results. */
export function sizingInputs(ingest: readonly IngestResult[] = [], polls?: PollsResult): SizingInputs {
  const inputs: SizingInputs = { sqlite: {}, shared: {}, sizes: ingest.map((c) => c.size), sharedSkipped: [] };
  for (const c of ingest) {
    const one = c.servers?.[SQLITE];
    if (one !== undefined) inputs.sqlite[c.size] = one;
    const two = c.servers?.[SHARED];
    if (two !== undefined && c.shared !== undefined) inputs.shared[c.size] = { ...two, ...c.shared };
    const reason = c.skipped?.[SHARED];
    if (reason !== undefined) {
      const same = inputs.sharedSkipped.find((s) => s.reason === reason);
      if (same === undefined) inputs.sharedSkipped.push({ reason, sizes: [c.size] });
      else same.sizes.push(c.size);
    }
  }
  const sqliteRun = polls?.runs.find((r) => r.nodes === 1);
  const sharedRun = polls?.runs.find((r) => r.nodes > 1);
  const sqlitePolls = pollFigures(sqliteRun, inputs.sqlite['4k']?.cpuMsPerMessage ?? Number.NaN);
  const sharedPolls = pollFigures(
    sharedRun,
    inputs.shared['4k']?.cpuMsPerMessage ?? Number.NaN,
    inputs.shared['4k']?.engineCpuMsPerMessage,
  );
  if (sqlitePolls !== undefined) inputs.sqlitePolls = sqlitePolls;
  if (sharedPolls !== undefined) inputs.sharedPolls = sharedPolls;
  if (polls?.skipped !== undefined) inputs.pollsSharedSkipped = polls.skipped;
  return inputs;
}

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
/** Two or three significant digits. */
const g = (value: number) =>
  !Number.isFinite(value) ? '—' : n(value, value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3);

/** A figure with its unit, or a dash alone. */
const unit = (value: number, name: string, fmt: (v: number) => string = g) =>
  Number.isFinite(value) ? `${fmt(value)} ${name}` : '—';

/** Bytes in binary units, three significant digits. */
export function bytes(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = value;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${g(v)} ${units[i]}`;
}

const perDay = (volume: number) => (volume >= 1e6 ? `${n(volume / 1e6)} million` : n(volume));

/** What one day's volume needs, from the inputs; each figure NaN where its input is missing. */
export function reckon(inputs: SizingInputs, volume: number) {
  const mean = volume / 86_400;
  const peak = mean * SIZING.peakFactor;
  const requests = peak * SIZING.requestsPerMessage;
  const shared = inputs.shared['4k'];
  const sqlite = inputs.sqlite['4k'];
  const cores =
    (peak * (shared?.cpuMsPerMessage ?? Number.NaN) + requests * (inputs.sharedPolls?.cpuMsPerPoll ?? Number.NaN)) /
    1000;
  const nodes = Math.max(2, Math.ceil(cores / SIZING.coresPerNode));
  const engineCores =
    (peak * (shared?.engineCpuMsPerMessage ?? Number.NaN) +
      requests * (inputs.sharedPolls?.engineMsPerPoll ?? Number.NaN)) /
    1000;
  const sqliteCores =
    (peak * (sqlite?.cpuMsPerMessage ?? Number.NaN) + requests * (inputs.sqlitePolls?.cpuMsPerPoll ?? Number.NaN)) /
    1000;
  return {
    mean,
    peak,
    requests,
    cores,
    nodes: Number.isFinite(cores) ? nodes : Number.NaN,
    engineCores,
    rows: volume * SIZING.daysPresent,
    disk: volume * SIZING.daysPresent * (shared?.diskBytesPerMessage ?? Number.NaN),
    wal: volume * (shared?.walBytesPerMessage ?? Number.NaN),
    redis: peak * 3600 * (shared?.redisBytesPerMessage ?? Number.NaN),
    sqliteCores,
  };
}

/** The sizing section of the report: the measured costs, then the reckoning for three volumes. */
export function sizingTables(inputs: SizingInputs): string[] {
  const out: string[] = [];
  const sizes = inputs.sizes.filter((s) => inputs.sqlite[s] !== undefined || inputs.shared[s] !== undefined);
  out.push(
    '',
    '**Sizing** (for docs/operations.md: what a message and a poll cost on each setup in this run, and what that makes of 1, 10 and 100 million messages a day)',
  );
  if (sizes.length > 0) {
    const cell = (
      size: string,
      pick: (one: IngestFigures | undefined, two: SizingInputs['shared'][string]) => string,
    ) => pick(inputs.sqlite[size], inputs.shared[size]);
    const both = (a: number | undefined, b: number | undefined, fmt: (v: number) => string) =>
      `${fmt(a ?? Number.NaN)} / ${fmt(b ?? Number.NaN)}`;
    const row = (label: string, pick: Parameters<typeof cell>[1]) =>
      `| ${label} | ${sizes.map((s) => cell(s, pick)).join(' | ')} |`;
    out.push(
      '',
      `| per message (SQLite, one node / PostgreSQL + Redis, two nodes) | ${sizes.map(sizeLabel).join(' | ')} |`,
      `|---|${sizes.map(() => '---:').join('|')}|`,
      row('msg/s (smtp-source, all sessions)', (a, b) => both(a?.rate, b?.rate, g)),
      row('inboxd CPU per message (all nodes)', (a, b) =>
        both(a?.cpuMsPerMessage, b?.cpuMsPerMessage, (v) => unit(v, 'ms')),
      ),
      row('peak RSS of a node', (a, b) => both(a?.peakRssMb, b?.peakRssMb, (v) => unit(v, 'MB', n))),
      row('PostgreSQL backends + Redis CPU per message', (_, b) => unit(b?.engineCpuMsPerMessage ?? Number.NaN, 'ms')),
      row('WAL per message', (_, b) => bytes(b?.walBytesPerMessage ?? Number.NaN)),
      row('on disk in PostgreSQL per message (tables, TOAST, indexes; before its first read)', (_, b) =>
        bytes(b?.diskBytesPerMessage ?? Number.NaN),
      ),
      row('in Redis per message', (_, b) => bytes(b?.redisBytesPerMessage ?? Number.NaN)),
    );
  }
  for (const { reason, sizes: at } of inputs.sharedSkipped)
    out.push('', `PostgreSQL + Redis ingest not measured at ${at.map(sizeLabel).join(', ')}: ${reason}.`);
  const polls = [inputs.sqlitePolls, inputs.sharedPolls];
  if (polls.some((p) => p !== undefined)) {
    const col = (p: PollFigures | undefined, f: (p: PollFigures) => string) => (p === undefined ? '—' : f(p));
    const row = (label: string, f: (p: PollFigures) => string) =>
      `| ${label} | ${col(inputs.sqlitePolls, f)} | ${col(inputs.sharedPolls, f)} |`;
    const dagger = polls.some((p) => p !== undefined && !p.mailTakenOut) ? '†' : '';
    out.push(
      '',
      '| per poll | SQLite, one node | PostgreSQL + Redis, two nodes |',
      '|---|---:|---:|',
      row('mailboxes polled once a second; polls/s', (p) => `${n(p.run.mailboxes)}; ${n(p.run.pollsPerSecond)}`),
      row('poll p99; event-loop p99', (p) => `${g(p.run.pollP99Ms)} ms; ${g(p.run.eventLoopP99Ms)} ms`),
      row('inboxd CPU (cores, all nodes; with the arriving mail)', (p) => n(p.run.serviceCores, 2)),
      row(
        `inboxd CPU per poll (the mail taken out${dagger})`,
        (p) => `${g(p.cpuMsPerPoll)} ms${p.mailTakenOut ? '' : '†'}`,
      ),
      row('PostgreSQL backends + Redis CPU per poll', (p) =>
        p.engineMsPerPoll === undefined ? '—' : `${g(p.engineMsPerPoll)} ms${p.mailTakenOut ? '' : '†'}`,
      ),
    );
    if (polls.some((p) => p !== undefined && !p.mailTakenOut))
      out.push(
        '',
        '† not taken out where this run has no 4 KB ingest of that setup: the cost per poll is then overstated.',
      );
  }
  if (sizes.length === 0 || polls.every((p) => p === undefined))
    out.push(
      '',
      `This run has no ${sizes.length === 0 ? 'ingest' : 'polls'} phase, so the reckoning below lacks its figures; \`npx tsx bench/sizing-table.ts <ingest run>.json <polls run>.json\` combines two runs.`,
    );
  if (inputs.pollsSharedSkipped !== undefined)
    out.push('', `PostgreSQL + Redis polls not measured: ${inputs.pollsSharedSkipped}.`);

  const r = SIZING.volumes.map((v) => reckon(inputs, v));
  const row = (label: string, f: (x: ReturnType<typeof reckon>) => string) => `| ${label} | ${r.map(f).join(' | ')} |`;
  out.push(
    '',
    `| messages a day | ${SIZING.volumes.map(perDay).join(' | ')} |`,
    `|---|${SIZING.volumes.map(() => '---').join('|')}|`,
    row('mean / peak arrivals (durable commits at the peak)', (x) => `${n(x.mean)} / ${n(x.peak)} per s`),
    row(`API requests at the peak (${SIZING.requestsPerMessage} a message)`, (x) => `${n(x.requests)} per s`),
    row('inboxd CPU at the peak, PostgreSQL + Redis', (x) => unit(x.cores, 'cores')),
    row(
      `nodes (at ${SIZING.coresPerNode} of a core each, at least 2) × pool of ${SIZING.poolSize} = PostgreSQL connections`,
      (x) => (Number.isFinite(x.nodes) ? `${n(x.nodes)} × ${SIZING.poolSize} = ${n(x.nodes * SIZING.poolSize)}` : '—'),
    ),
    row('PostgreSQL backends + Redis CPU at the peak', (x) => unit(x.engineCores, 'cores')),
    row(`messages present (${SIZING.daysPresent} days)`, (x) => `${n(x.rows / 1e6)} M`),
    row('PostgreSQL on disk (tables, TOAST, indexes)', (x) => bytes(x.disk)),
    row('WAL written a day', (x) => bytes(x.wal)),
    row('Redis memory (the peak rate for an hour)', (x) => bytes(x.redis)),
    row(
      'one SQLite node instead: CPU at the peak',
      (x) =>
        `${unit(x.sqliteCores, 'cores')}${x.sqliteCores <= 2 * SIZING.coresPerNode ? ' (fits 2 cores)' : Number.isFinite(x.sqliteCores) ? ' (**does not fit** 2 cores)' : ''}`,
    ),
  );
  out.push(
    '',
    `Reckoned from the 4 KB figures (a typical verification mail): peak = ${SIZING.peakFactor}× the mean; ${SIZING.requestsPerMessage} API requests a message, each costing what one poll did; CPU at the peak = peak × CPU per message + requests × CPU per poll; ` +
      `a poll's cost is the polls run's CPU less the mail arriving meanwhile (at the ingest's CPU per message) over its polls; messages present = ${SIZING.daysPresent} × a day's (5 days of retention and today), one recipient each; ` +
      `a node on PostgreSQL is given ${SIZING.coresPerNode} of a core (one event loop with headroom); one SQLite node fits 2 cores while it needs at most ${2 * SIZING.coresPerNode} (its writer has a thread of its own); ` +
      "Redis holds a change version for each mailbox changed in the last hour and the limiter's short-lived keys. Mail with attachments costs about its raw size more on disk and in WAL (see the 512 KB and 7 MB columns); a read decodes a message once and keeps its bodies, which adds about their size.",
  );
  return out;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error('usage: npx tsx bench/sizing-table.ts <results.json>…');
  let ingest: IngestResult[] | undefined;
  let polls: PollsResult | undefined;
  for (const file of files) {
    const results = JSON.parse(readFileSync(file, 'utf8')) as { ingest?: IngestResult[]; polls?: PollsResult };
    ingest = results.ingest ?? ingest;
    polls = results.polls ?? polls;
  }
  console.log(sizingTables(sizingInputs(ingest, polls)).join('\n'));
}
