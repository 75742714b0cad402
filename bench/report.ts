// The benchmark's results as Markdown: one table of the goals (each a ratio or a bound, measured in the
// same run) and the tables of absolute figures under it.
import { SHARED } from './ingest.js';
import { peerTables } from './ingest-report.js';
import { pollsGoalRows, pollsTable } from './polls.js';
import type { BenchResults } from './run.js';
import { sizingInputs, sizingTables } from './sizing-table.js';

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
const pct = (ratio: number) => `${n(ratio * 100)}%`;
const met = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The shared setup's cell of the ingest table: its rate, or why it was not measured. */
function shared(c: NonNullable<BenchResults['ingest']>[number]): string {
  const rounds = c.shared?.rounds ?? [];
  if (c.median[SHARED] === undefined || rounds.length === 0)
    return c.skipped?.[SHARED] === undefined ? '—' : 'not measured';
  const loop = Math.max(...rounds.map((x) => x.eventLoopP99Ms));
  const rss = Math.max(...rounds.flatMap((x) => x.nodePeakRssMb));
  return `${n(c.median[SHARED], 1)} (${n(loop, 1)} ms, ${n(rss)} MB)`;
}

/** `chart`: the address of the ingest chart (SVG) relative to where the Markdown is written. */
export function renderReport(r: BenchResults, options: { chart?: string } = {}): string {
  const out: string[] = [];
  out.push(
    `Run ${r.startedAt}${r.quick ? ' (quick: small sizes, one round; not the figures of record)' : ''} on ${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGb} GiB, Node ${r.machine.node}; ${n(r.seconds)} s in all.`,
  );
  out.push('', '| goal | measured | met |', '|---|---|---|');
  const ingest = r.ingest ?? [];
  const byCase = (size: string) => ingest.find((c) => c.size === size);
  const small = byCase('4k');
  const label = (size: string) => (size === '7m' ? '7 MB' : size === '512k' ? '512 KB' : '4 KB');
  // Issue 15's goals, each against a server measured in the same run.
  const rateGoal: Record<string, number> = { '4k': 1.0, '512k': 0.6, '7m': 0.6 };
  const cpuGoal: Record<string, number> = { '4k': 1.5, '512k': 3 };
  for (const c of ingest) {
    const goal = rateGoal[c.size];
    if (goal !== undefined) {
      out.push(
        `| ingest, ${label(c.size)}, ${c.sessions} sessions (durable, D10): ≥ ${goal.toFixed(1)}× the bare smtp-server's rate | ${n(c.ratio, 2)}× (${n(c.median.inboxd, 1)} of ${n(c.median['bare smtp-server'], 1)} msg/s) | ${met(c.ratio >= goal)} |`,
      );
    }
    for (const peer of ['Haraka', 'MailDev'] as const) {
      const theirs = c.median[peer];
      if (theirs === undefined) continue;
      out.push(
        `| ingest, ${label(c.size)}: above ${peer}'s rate | ${n(c.median.inboxd, 1)} against ${n(theirs, 1)} msg/s | ${met(c.median.inboxd > theirs)} |`,
      );
    }
    const cpu = cpuGoal[c.size];
    const ours = c.servers?.inboxd?.cpuMsPerMessage;
    const bare = c.servers?.['bare smtp-server']?.cpuMsPerMessage;
    if (cpu !== undefined && ours !== undefined && bare !== undefined) {
      out.push(
        `| CPU per stored message, ${label(c.size)}: ≤ ${cpu}× the bare smtp-server's per discarded message | ${n(ours / bare, 2)}× (${n(ours, 2)} against ${n(bare, 2)} ms) | ${met(ours <= cpu * bare)} |`,
      );
    }
    const loopP99 = Math.max(...c.inboxd.map((x) => x.eventLoopP99Ms));
    out.push(
      `| event-loop p99 < 50 ms during ${label(c.size)} ingest | worst round ${n(loopP99, 1)} ms; API poller p99 ${n(Math.max(...c.inboxd.map((x) => x.pollerP99Ms)), 1)} ms | ${met(loopP99 < 50)} |`,
    );
    const rssGoal = c.size === '7m' ? 250 : c.size === '4k' ? 200 : undefined;
    if (rssGoal !== undefined) {
      const rss = Math.max(...c.inboxd.map((x) => x.maxRssMb));
      out.push(
        `| RSS < ${rssGoal} MB, ${c.sessions} sessions of ${label(c.size)} | peak ${n(rss)} MB | ${met(rss < rssGoal)} |`,
      );
    }
  }
  if (small !== undefined && small.inboxd.length > 1) {
    const first = small.inboxd[0]!;
    const last = small.inboxd.at(-1)!;
    const perMessage = ((last.rssAfterMb - first.rssAfterMb) * 1e6) / ((small.inboxd.length - 1) * small.messages);
    out.push(
      `| no memory per stored message | RSS after round 1: ${n(first.rssAfterMb)} MB, after round ${small.inboxd.length}: ${n(last.rssAfterMb)} MB (${n(perMessage)} bytes per message) | ${met(perMessage < 100)} |`,
    );
  }
  if (r.reads !== undefined) {
    const list = r.reads.median['list (50)'];
    out.push(
      `| list of 50 over HTTPS: ≥ 30% of fixed JSON, p99 < 10 ms at ${r.reads.connections} connections | ${pct(r.reads.ratio['list (50)'])} (${n(list.rate)} of ${n(r.reads.median['fixed JSON'].rate)} req/s), p99 ${n(list.p99Ms, 2)} ms | ${met(r.reads.ratio['list (50)'] >= 0.3 && list.p99Ms < 10)} |`,
    );
  }
  if (r.growth !== undefined) {
    const g = r.growth;
    const worstStore = Math.max(...Object.values(g.byStore).map((x) => x.ratio));
    const worstBox = Math.max(...Object.values(g.byMailbox).map((x) => x.ratio));
    out.push(
      `| flat from ${n(g.small)} to ${n(g.large)} stored messages: within 1.5× | worst ${n(worstStore, 2)}× | ${met(worstStore <= 1.5)} |`,
    );
    out.push(
      `| flat from a mailbox of 10 to one of ${n(g.bigMailbox)}: within 1.5× | worst ${n(worstBox, 2)}× | ${met(worstBox <= 1.5)} |`,
    );
  }
  if (r.wake !== undefined) {
    const runs = [
      ['live stream', r.wake.stream],
      ['wait_for_message', r.wake.mcp],
      ['HTTP wait', r.wake.http],
    ] as const;
    for (const [label, w] of runs) {
      if (w === undefined) continue;
      out.push(
        `| ${label} wakes within 20 ms p99 of the 250, ${n(w.waiters)} waiters | p99 ${n(w.p99Ms, 1)} ms (p50 ${n(w.p50Ms, 1)}, max ${n(w.maxMs, 1)}; ${n(w.woken)} woken) | ${met(w.p99Ms < 20 && w.woken === w.waiters)} |`,
      );
    }
  }
  if (r.polls !== undefined) out.push(...pollsGoalRows(r.polls));
  // Issue 15, goal 6: the same ingest and polls on two nodes sharing PostgreSQL and Redis.
  if (ingest.length > 0 || r.polls !== undefined) {
    const ingested = ingest.filter((c) => c.median[SHARED] !== undefined);
    const polled = r.polls?.runs.find((run) => run.nodes > 1);
    const parts: string[] = [];
    if (ingest.length > 0)
      parts.push(
        ingested.length > 0
          ? `ingest ${ingested.map((c) => `${label(c.size)} ${n(c.median[SHARED]!, 1)} msg/s`).join(', ')}${
              ingested.length < ingest.length
                ? ` (not at ${ingest
                    .filter((c) => !ingested.includes(c))
                    .map((c) => label(c.size))
                    .join(', ')})`
                : ''
            }`
          : `ingest not run: ${ingest.find((c) => c.skipped?.[SHARED] !== undefined)?.skipped[SHARED] ?? 'left out'}`,
      );
    if (r.polls !== undefined)
      parts.push(
        polled !== undefined
          ? `polls ${n(polled.pollsPerSecond)}/s, p99 ${n(polled.pollP99Ms, 1)} ms`
          : `polls not run: ${r.polls.skipped ?? 'left out'}`,
      );
    const ran =
      (ingest.length === 0 || ingested.length === ingest.length) && (r.polls === undefined || polled !== undefined);
    out.push(
      `| ingest and polls also on PostgreSQL + Redis, two nodes; the sizing recomputed (below) | ${parts.join('; ')} | ${met(ran)} |`,
    );
  }

  if (ingest.length > 0) {
    out.push(
      '',
      '**Ingest** (msg/s, median of the rounds; smtp-source, one connection per message, unique recipients)',
      '',
    );
    out.push(
      '| message | sessions | smtp-sink | bare smtp-server | inboxd | inboxd / bare | inboxd event-loop p99 / max | inboxd peak RSS | inboxd on PostgreSQL + Redis, 2 nodes (event-loop p99, RSS a node) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const c of ingest) {
      const loop = `${n(Math.max(...c.inboxd.map((x) => x.eventLoopP99Ms)), 1)} / ${n(Math.max(...c.inboxd.map((x) => x.eventLoopMaxMs)), 1)} ms`;
      out.push(
        `| ${c.size} (${n(c.bytes)} B) | ${c.sessions} | ${n(c.median['smtp-sink'], 1)} | ${n(c.median['bare smtp-server'], 1)} | ${n(c.median.inboxd, 1)} | ${pct(c.ratio)} | ${loop} | ${n(Math.max(...c.inboxd.map((x) => x.maxRssMb)))} MB | ${shared(c)} |`,
      );
    }
    if (r.peers !== undefined) {
      const versions = `Haraka ${r.peers.versions.haraka} (one process, a plugin that accepts any recipient and discards) and MailDev ${r.peers.versions.maildev} (writes each message to a temporary directory and keeps it parsed in memory)`;
      out.push(
        '',
        r.peers.skipped === undefined
          ? `Peers: ${versions}; see docs/performance.md.`
          : `Peers: ${versions} — **not measured**: ${r.peers.skipped}.`,
      );
    }
    out.push(...peerTables(ingest, r.peers?.skipped));
    if (options.chart !== undefined && ingest.some((c) => c.servers !== undefined && Object.keys(c.servers).length > 0))
      out.push('', `Chart: [msg/s and CPU per message by size](${options.chart})`);
  }
  if (r.reads !== undefined) {
    out.push(
      '',
      `**Reads over HTTPS** (wrk, ${r.reads.connections} keep-alive connections, ${r.reads.seconds} s per run, median of the runs)`,
      '',
    );
    out.push('| route | req/s | p99 | of fixed JSON |', '|---|---:|---:|---:|');
    for (const [target, m] of Object.entries(r.reads.median)) {
      const ratio = target === 'fixed JSON' ? '100%' : pct(r.reads.ratio[target as keyof typeof r.reads.ratio]);
      out.push(`| ${target} | ${n(m.rate)} | ${n(m.p99Ms, 2)} ms | ${ratio} |`);
    }
  }
  if (r.growth !== undefined) {
    const g = r.growth;
    out.push(
      '',
      `**Growth** (the store as the server runs it; median of 300 calls, sweeps median of 5; µs). Stores built by a generator in ${n(g.buildSeconds.small, 1)} s and ${n(g.buildSeconds.large, 1)} s. Store sizes: a mailbox of 200, pages of 50, any of its messages read; mailbox sizes: pages of 5, one of the 10 newest read.`,
      '',
    );
    out.push(
      `| operation | ${n(g.small)} messages | ${n(g.large)} messages | ratio | mailbox of 10 | mailbox of ${n(g.bigMailbox)} | ratio |`,
      '|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const [op, s] of Object.entries(g.byStore)) {
      const box = g.byMailbox[op as keyof typeof g.byMailbox];
      const boxCells =
        box === undefined ? '— | — | —' : `${n(box.ten.medianUs)} | ${n(box.big.medianUs)} | ${n(box.ratio, 2)}×`;
      out.push(`| ${op} | ${n(s.small.medianUs)} | ${n(s.large.medianUs)} | ${n(s.ratio, 2)}× | ${boxCells} |`);
    }
  }
  if (r.polls !== undefined) out.push(...pollsTable(r.polls));
  if (ingest.length > 0 || r.polls !== undefined) out.push(...sizingTables(sizingInputs(ingest, r.polls)));
  return `${out.join('\n')}\n`;
}
