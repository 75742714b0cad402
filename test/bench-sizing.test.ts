// The ingest phase's run on two nodes sharing PostgreSQL and Redis (how the load is split, how it is
// tabulated) and the sizing of docs/operations.md recomputed from a run's figures (bench/sizing-table.ts).
// No server is started.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ingestSvg, peerTables } from '../bench/ingest-report.js';
import { SHARED, splitCase, turnOrder, type IngestResult, type SharedIngest } from '../bench/ingest.js';
import type { PollsResult, PollsRun } from '../bench/polls.js';
import { renderReport } from '../bench/report.js';
import type { BenchResults } from '../bench/run.js';
import { bytes, reckon, SIZING, sizingInputs, sizingTables } from '../bench/sizing-table.js';

const sharedIngest: SharedIngest = {
  rounds: [
    {
      rate: 500,
      cpuMsPerMessage: 2,
      nodePeakRssMb: [180, 190],
      settleSeconds: 0,
      sent: [500, 500],
      accepted: [500, 500],
      eventLoopP99Ms: 20,
      eventLoopMaxMs: 40,
      engineCpuMsPerMessage: 1,
      walBytesPerMessage: 4096,
    },
  ],
  engineCpuMsPerMessage: 1,
  walBytesPerMessage: 4096,
  diskBytesPerMessage: 3072,
  redisBytesPerMessage: 100,
  redisKeys: 1000,
};

function ingestCase(withShared: boolean): IngestResult {
  return {
    size: '4k',
    sessions: 200,
    messages: 1000,
    bytes: 4160,
    order: turnOrder(withShared ? ['bare smtp-server', 'inboxd', SHARED] : ['bare smtp-server', 'inboxd'], false),
    rates: {},
    median: {
      'smtp-sink': 3000,
      'bare smtp-server': 1000,
      inboxd: 900,
      ...(withShared ? { [SHARED]: 500 } : {}),
    },
    ratio: 0.9,
    inboxd: [
      {
        rate: 900,
        maxRssMb: 250,
        eventLoopP99Ms: 30,
        eventLoopMaxMs: 50,
        pollerP99Ms: 10,
        pollerMaxMs: 20,
        pollerAnswers: 100,
        accepted: 1000,
        rssAfterMb: 240,
      },
    ],
    usage: {},
    servers: {
      'bare smtp-server': { rate: 1000, cpuMsPerMessage: 0.5, peakRssMb: 100, rounds: 1 },
      inboxd: { rate: 900, cpuMsPerMessage: 1, peakRssMb: 250, rounds: 1 },
      ...(withShared ? { [SHARED]: { rate: 500, cpuMsPerMessage: 2, peakRssMb: 190, rounds: 1 } } : {}),
    },
    ...(withShared ? { shared: sharedIngest } : {}),
    skipped: withShared
      ? {}
      : { [SHARED]: 'skipped: PostgreSQL is not reachable at postgres://postgres@127.0.0.1:5432/test (refused)' },
  };
}

function pollsRun(setup: string, nodes: number, serviceCores: number, engineCores?: number): PollsRun {
  return {
    setup,
    nodes,
    mailboxes: 1000,
    seconds: 10,
    sourceAddresses: 100,
    polls: 10_000,
    pollsPerSecond: 1000,
    ok: 1000,
    notModified: 9000,
    failures: {},
    pollP50Ms: 1,
    pollP99Ms: 20,
    pollMaxMs: 40,
    generatorLateP99Ms: 5,
    eventLoopP99Ms: 15,
    eventLoopMaxMs: 30,
    delivered: 800,
    mailPerSecond: 100,
    checked: 800,
    seenFirstPoll: 800,
    missed: 0,
    unchecked: 0,
    missedExamples: [],
    serviceCores,
    mainThreadCores: serviceCores,
    generatorCores: 0.2,
    ...(engineCores === undefined ? {} : { engineCores }),
  };
}

const polls: PollsResult = {
  runs: [pollsRun('SQLite, one node', 1, 0.3), pollsRun('PostgreSQL + Redis, two nodes', 2, 0.6, 0.2)],
};

describe('the ingest phase on PostgreSQL + Redis, two nodes', () => {
  it('splits a case over the nodes: sessions and messages shared out evenly, adding up to the whole', () => {
    const parts = splitCase({ size: '4k', sessions: 201, messages: 1501 }, 2);
    assert.deepEqual(
      parts.map((p) => [p.sessions, p.messages]),
      [
        [101, 751],
        [100, 750],
      ],
    );
    assert.deepEqual(
      splitCase({ size: '7m', sessions: 1, messages: 3 }, 2).map((p) => p.sessions),
      [1, 1],
    );
  });

  it('runs after inboxd on SQLite in the turn order, mirrored when interleaved', () => {
    assert.deepEqual(turnOrder(['bare smtp-server', 'inboxd', SHARED], true), [
      'smtp-sink',
      'bare smtp-server',
      'inboxd',
      SHARED,
      SHARED,
      'inboxd',
      'bare smtp-server',
      'smtp-sink',
    ]);
  });

  it('is a row of the table per size, set against the bare smtp-server, with RSS per node and what the engines did', () => {
    const text = peerTables([ingestCase(true)]).join('\n');
    assert.match(
      text,
      /\| inboxd on PG \+ Redis \(2 nodes\) \| 500 \| 2\.00 ms \| 190 MB a node \| itself: 50% of the bare smtp-server's rate, 4\.00× its CPU per message \|/,
    );
    assert.match(text, /peak RSS the larger node's \(180 \+ 190 MB\)/);
    assert.match(
      text,
      /1\.00 ms CPU of the PostgreSQL backends and the Redis server, 4\.0 KiB of WAL, 3\.0 KiB on disk/,
    );
    assert.match(ingestSvg([ingestCase(true)], 'caption'), /inboxd on PG \+ Redis \(2 nodes\), 4 KB: 500 msg\/s/);
  });

  it('says why it was not measured when PostgreSQL or Redis is unreachable', () => {
    const text = peerTables([ingestCase(false)]).join('\n');
    assert.match(text, /inboxd on PG \+ Redis \(2 nodes\) not measured: skipped: PostgreSQL is not reachable/);
    assert.match(
      sizingTables(sizingInputs([ingestCase(false)])).join('\n'),
      /PostgreSQL \+ Redis ingest not measured at 4 KB: skipped: PostgreSQL is not reachable/,
    );
    const report = renderReport(results({ ingest: [ingestCase(false)] }));
    assert.match(
      report,
      /\| ingest and polls also on PostgreSQL \+ Redis, two nodes.*ingest not run: skipped: PostgreSQL.*\| \*\*no\*\* \|/,
    );
  });
});

function results(parts: Partial<BenchResults>): BenchResults {
  return {
    startedAt: '2026-11-24T00:00:00.000Z',
    quick: true,
    machine: { cpus: 2, model: 'test', memoryGb: 24, node: 'v24' },
    seconds: 1,
    ...parts,
  };
}

describe('the sizing of docs/operations.md, recomputed from a run', () => {
  it("takes a poll's cost as the polls run's CPU less the arriving mail's, over its polls", () => {
    const inputs = sizingInputs([ingestCase(true)], polls);
    // PostgreSQL + Redis: 600 ms of CPU a second, less 100 msg/s × 2 ms, over 1000 polls/s.
    assert.equal(inputs.sharedPolls?.cpuMsPerPoll, 0.4);
    // The engines: 200 ms a second, less 100 msg/s × 1 ms.
    assert.equal(inputs.sharedPolls?.engineMsPerPoll, 0.1);
    // SQLite: 300 ms a second, less 100 msg/s × 1 ms.
    assert.equal(inputs.sqlitePolls?.cpuMsPerPoll, 0.2);
  });

  it('reckons cores, nodes, disk, WAL and Redis for a volume from the per-message and per-poll costs', () => {
    const x = reckon(sizingInputs([ingestCase(true)], polls), 10_000_000);
    const peak = (10_000_000 / 86_400) * SIZING.peakFactor;
    assert.ok(Math.abs(x.cores - (peak * 2 + peak * 10 * 0.4) / 1000) < 1e-9);
    assert.equal(x.nodes, Math.max(2, Math.ceil(x.cores / SIZING.coresPerNode)));
    assert.ok(Math.abs(x.engineCores - (peak * 1 + peak * 10 * 0.1) / 1000) < 1e-9);
    assert.equal(x.disk, 10_000_000 * SIZING.daysPresent * 3072);
    assert.equal(x.wal, 10_000_000 * 4096);
    assert.ok(Math.abs(x.redis - peak * 3600 * 100) < 1e-6);
    assert.ok(Math.abs(x.sqliteCores - (peak * 1 + peak * 10 * 0.2) / 1000) < 1e-9);
  });

  it('prints the measured costs and the reckoning in the report, so the docs can be copied from a run', () => {
    const report = renderReport(results({ ingest: [ingestCase(true)], polls }));
    assert.match(report, /\*\*Sizing\*\*/);
    assert.match(report, /\| inboxd CPU per message \(all nodes\) \| 1\.00 ms \/ 2\.00 ms \|/);
    assert.match(report, /\| inboxd CPU per poll \(the mail taken out\) \| 0\.200 ms \| 0\.400 ms \|/);
    assert.match(report, /\| messages a day \| 1 million \| 10 million \| 100 million \|/);
    assert.match(report, /\| ingest and polls also on PostgreSQL \+ Redis, two nodes.*\| yes \|/);
    assert.doesNotMatch(sizingTables(sizingInputs([ingestCase(true)], polls)).join('\n'), /NaN/);
  });

  it('leaves what a run did not measure blank and says how to combine two runs', () => {
    const text = sizingTables(sizingInputs([], polls)).join('\n');
    assert.match(text, /This run has no ingest phase/);
    assert.match(text, /\| WAL written a day \| — \| — \| — \|/);
    assert.match(text, /0\.600 ms†/);
  });

  it('writes bytes in binary units', () => {
    assert.equal(bytes(100), '100 B');
    assert.equal(bytes(3072), '3.00 KiB');
    assert.equal(bytes(1.5 * 1024 ** 4), '1.50 TiB');
    assert.equal(bytes(Number.NaN), '—');
  });
});
