// The ingest comparison with the peers (bench/): /proc stat parsing and CPU accounting, the turn order,
// the Haraka config the bench generates, and the tables and chart of the report. No server is started.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ingestSvg, logRange, peerTables, sig } from '../bench/ingest-report.js';
import { summarise, turnOrder, type IngestResult, type ServerRound } from '../bench/ingest.js';
import { harakaConfig, npmError, PEER_VERSIONS } from '../bench/support/peers.js';
import { middle } from '../bench/support/stats.js';
import { cpuBetween, parseProcStat, treeStats } from '../bench/support/usage.js';

// A real line's shape, with a command name holding spaces and parentheses.
const STAT =
  '4242 (node (worker) 1) S 4100 4242 4100 0 -1 4194560 9000 0 0 0 1234 567 0 0 20 0 11 0 55555 1200000000 30000 18446744073709551615 1 1 0 0 0 0 0 4096 134234626 0 0 0 17 1 0 0 0 0 0';

function result(size: IngestResult['size'], rates: Record<string, [number, number]>): IngestResult {
  const servers: IngestResult['servers'] = {};
  for (const [name, [rate, cpu]] of Object.entries(rates))
    servers[name as keyof typeof servers] = { rate, cpuMsPerMessage: cpu, peakRssMb: 100, rounds: 2 };
  return {
    size,
    sessions: 200,
    messages: 1000,
    bytes: 4160,
    order: turnOrder(['bare smtp-server', 'Haraka', 'MailDev', 'inboxd'], true),
    rates: {},
    median: { 'smtp-sink': 1, 'bare smtp-server': rates['bare smtp-server']![0], inboxd: rates.inboxd![0] },
    ratio: rates.inboxd![0] / rates['bare smtp-server']![0],
    inboxd: [],
    usage: {},
    servers,
    skipped: {},
  };
}

describe('the ingest comparison with the peers', () => {
  it('reads pid, parent, CPU ticks and resident pages from /proc/<pid>/stat, whatever the command name holds', () => {
    assert.deepEqual(parseProcStat(STAT), { pid: 4242, ppid: 4100, cpuTicks: 1234 + 567, rssPages: 30000 });
    assert.throws(() => parseProcStat('garbage'));
  });

  it('counts CPU by process between two samples: a new process from zero, a gone one up to its last sample', () => {
    const first = new Map([
      [1, 100],
      [2, 50],
    ]);
    const last = new Map([
      [1, 160],
      [2, 50],
      [3, 25],
    ]);
    assert.equal(cpuBetween(first, last), 60 + 0 + 25);
  });

  it("sees this process's own tree in /proc", { skip: process.platform !== 'linux' }, () => {
    const stats = treeStats(process.pid);
    assert.equal(stats[0]!.pid, process.pid);
    assert.ok(stats[0]!.rssPages > 0);
  });

  it('runs the servers A B C D D C B A between two turns of smtp-sink, or once each in a quick run', () => {
    assert.deepEqual(turnOrder(['bare smtp-server', 'Haraka', 'inboxd'], true), [
      'smtp-sink',
      'bare smtp-server',
      'Haraka',
      'inboxd',
      'inboxd',
      'Haraka',
      'bare smtp-server',
      'smtp-sink',
    ]);
    assert.deepEqual(turnOrder(['bare smtp-server', 'inboxd'], false), ['smtp-sink', 'bare smtp-server', 'inboxd']);
  });

  it('sums up the turns of a server: middle rate and CPU (the mean of two), highest RSS', () => {
    const rounds: ServerRound[] = [
      { rate: 100, settleSeconds: 0, cpuSeconds: 1, cpuMsPerMessage: 2, peakRssMb: 150 },
      { rate: 120, settleSeconds: 0, cpuSeconds: 1, cpuMsPerMessage: 3, peakRssMb: 140 },
    ];
    assert.deepEqual(summarise(rounds), { rate: 110, cpuMsPerMessage: 2.5, peakRssMb: 150, rounds: 2 });
    assert.equal(middle([3, 1, 2]), 2);
    assert.ok(Number.isNaN(middle([])));
  });

  it("pins the peers' exact versions in bench/peers, never in the service's own dependencies", () => {
    const peers = JSON.parse(readFileSync(new URL('../bench/peers/package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const { pkg, version } of Object.values(PEER_VERSIONS)) assert.equal(peers.dependencies[pkg], version);
    const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const { pkg } of Object.values(PEER_VERSIONS))
      assert.equal({ ...root.dependencies, ...root.devDependencies }[pkg], undefined);
  });

  it('generates a Haraka config of one process on the given port that discards, with no reverse DNS', () => {
    const files = harakaConfig(2525);
    assert.match(files['config/smtp.ini']!, /^listen=127\.0\.0\.1:2525$/m);
    assert.match(files['config/smtp.ini']!, /^nodes=0$/m);
    assert.equal(files['config/plugins']!.trim(), 'bench_discard');
    const plugin = files['plugins/bench_discard.js']!;
    for (const hook of ['lookup_rdns', 'rcpt', 'queue']) assert.match(plugin, new RegExp(`register_hook\\('${hook}'`));
  });

  it("says why the peers were not installed in npm's own words, without its stack or advice", () => {
    const stderr = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error FetchError: request to http://127.0.0.1:9/yaml failed',
      'npm error     at ClientRequest.<anonymous> (x.js:1:1)',
      "npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.",
      'npm error A complete log of this run can be found in: /tmp/x.log',
    ].join('\n');
    assert.equal(npmError(stderr), 'code ECONNREFUSED; FetchError: request to http://127.0.0.1:9/yaml failed');
    assert.equal(npmError(''), 'no output');
  });

  it('tabulates every server per size with inboxd against each, and says why a peer is missing', () => {
    const small = result('4k', {
      'bare smtp-server': [1000, 0.8],
      Haraka: [500, 2],
      MailDev: [400, 1.5],
      inboxd: [600, 3],
    });
    const large = {
      ...result('512k', { 'bare smtp-server': [300, 3.4], inboxd: [50, 20] }),
      skipped: { Haraka: 'not installed: offline' },
    };
    const text = peerTables([small, large]).join('\n');
    assert.match(
      text,
      /\| bare smtp-server \| 1,000 \| 0\.800 ms \| 100 MB \| 60% of its rate, 3\.75× its CPU per message \|/,
    );
    assert.match(
      text,
      /\| Haraka \| 500 \| 2\.00 ms \| 100 MB \| \*\*above\*\*: 1\.20× its rate, 1\.50× its CPU per message \|/,
    );
    assert.match(
      text,
      /\| MailDev \| 400 \| 1\.50 ms \| 100 MB \| \*\*above\*\*: 1\.50× its rate, 2\.00× its CPU per message \|/,
    );
    assert.match(text, /\*\*Ingest against the peers, 512 KB\*\*/);
    assert.match(text, /Haraka not measured: not installed: offline\./);
    assert.doesNotMatch(peerTables([large], 'not installed: offline').join('\n'), /not measured/);
    assert.equal(sig(0.8), '0.800');
    assert.equal(sig(1234.5), '1,235');
  });

  it('draws msg/s and CPU per message by size as an SVG with a bar per server and size', () => {
    const svg = ingestSvg(
      [
        result('4k', { 'bare smtp-server': [1000, 0.8], inboxd: [600, 3] }),
        result('7m', { 'bare smtp-server': [30, 60], inboxd: [9, 200] }),
      ],
      'a <test> run',
    );
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal(svg.match(/<rect [^>]*><title>/g)?.length, 2 * 2 * 2); // 2 panels × 2 sizes × 2 servers
    assert.match(svg, /a &lt;test&gt; run/);
    assert.match(svg, /inboxd, 7 MB: 200 ms/);
    assert.ok(svg.trimEnd().endsWith('</svg>'));
    assert.deepEqual(logRange([9, 1000]), { low: 1, high: 1000 });
    assert.deepEqual(logRange([0.8, 200]), { low: 0.1, high: 1000 });
  });
});
