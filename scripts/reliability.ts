// `npm run reliability`: the fault, load and hostile-input scenarios of docs/reliability.md at full size
// (or `-- --size ci`, the sizes the test suite runs), printed as one table; `-- --write` also puts the
// table into docs/reliability.md between its result markers. Needs strace and the right to trace.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { traceAcks } from '../test/reliability/commit-before-ack.js';
import { runHostileMime } from '../test/reliability/hostile-mime.js';
import { runIntakeStarvation } from '../test/reliability/intake-starvation.js';
import { runKillDurability } from '../test/reliability/kill-durability.js';
import { runStorageFault, type StorageFault } from '../test/reliability/storage-faults.js';
import { startTestApp } from '../test/support/test-app.js';

const args = process.argv.slice(2);
const ci = args.includes('--size') && args[args.indexOf('--size') + 1] === 'ci';
const size = ci
  ? {
      kills: 3,
      sessions: 20,
      roundMs: [400, 1200] as [number, number],
      traced: 10,
      faultMessages: 4,
      hostileRounds: 1,
      honest: 20,
      honestSeconds: 13,
    }
  : {
      kills: 10,
      sessions: 40,
      roundMs: [1000, 4000] as [number, number],
      traced: 200,
      faultMessages: 20,
      hostileRounds: 3,
      honest: 100,
      honestSeconds: 30,
    };

interface Row {
  test: string;
  done: string;
  amount: string;
  figure: string;
  ok: boolean;
}
const rows: Row[] = [];
const started = Date.now();
const log = (text: string) => process.stderr.write(`${text}\n`);

log('SIGKILL under load…');
const kill = await runKillDurability({
  kills: size.kills,
  sessions: size.sessions,
  roundMs: size.roundMs,
  seed: 20261122,
});
rows.push({
  test: 'SIGKILL durability',
  done: `SIGKILL at a random moment ${size.roundMs[0] / 1000}–${size.roundMs[1] / 1000} s into each round, restart on the same store`,
  amount: `${kill.kills} kills, ${kill.sessions} concurrent sessions, ${kill.sent} messages (${kill.acked} answered 250, ${kill.inDoubt} cut off)`,
  figure: `lost ${kill.lost}, not byte-identical ${kill.corrupted}, half-stored ${kill.halfStored}, integrity_check ${kill.integrity}; ${kill.readOverApi} read back over /raw; cut-off messages stored anyway ${kill.inDoubtStored}`,
  ok: kill.lost === 0 && kill.corrupted === 0 && kill.halfStored === 0 && kill.integrity === 'ok',
});

log('fsync before 250…');
const synced = await traceAcks({ messages: size.traced, synchronous: 'full' });
rows.push({
  test: 'commit before 250',
  done: 'strace -yy on the running node: fsync of the WAL between each 354 and its 250',
  amount: `${synced.acks} messages, one at a time`,
  figure: `250s without a prior fsync: ${synced.unsynced} (WAL fsyncs ${synced.walFsyncs})`,
  ok: synced.acks === size.traced && synced.unsynced === 0,
});
const control = await traceAcks({ messages: size.traced, synchronous: 'normal' });
rows.push({
  test: 'negative control',
  done: 'the same trace with INBOXD_SQLITE_SYNCHRONOUS=normal (no fsync per commit)',
  amount: `${control.acks} messages`,
  figure: `250s without a prior fsync: ${control.unsynced} of ${control.acks} (the check sees it; the rest followed a checkpoint's fsync)`,
  ok: control.acks === size.traced && control.unsynced >= 0.9 * control.acks,
});

const faultText: Record<StorageFault, string> = {
  'fsync-eio': 'strace -e inject=fsync:error=EIO on the WAL, then detached',
  'write-enospc': 'strace -e inject=pwrite64:error=ENOSPC on the WAL (a full disk), then detached',
  'database-locked': 'another process holds BEGIN IMMEDIATE on the database, then rolls back',
};
for (const fault of ['fsync-eio', 'write-enospc', 'database-locked'] as const) {
  log(`${fault}…`);
  const o = await runStorageFault(fault, { messages: size.faultMessages });
  const statuses = Object.entries(o.apiStatuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  rows.push({
    test: `storage fault: ${fault}`,
    done: faultText[fault],
    amount: `${o.sentDuring} messages and ${Object.values(o.apiStatuses).reduce((a, b) => a + b, 0)} API calls during the fault`,
    figure: `false 250s ${o.falseAcks}, stored after 4xx ${o.storedAfterRefusal}, 4xx ${o.refused4xxDuring}/${o.sentDuring}; API ${statuses}, Retry-After on every 503: ${o.retryAfterOn503 ? 'yes' : 'no'}; up: ${o.processUp ? 'yes' : 'no'}; first 250 ${Math.round(o.recoveryMs)} ms after the fault ended; ${o.faultsCounted} faults in /metrics`,
    ok:
      o.falseAcks === 0 &&
      o.storedAfterRefusal === 0 &&
      o.apiStatuses['500'] === undefined &&
      o.retryAfterOn503 &&
      o.processUp &&
      Number.isFinite(o.recoveryMs),
  });
}

log('hostile MIME…');
const app = await startTestApp({ INBOXD_PARSER_THREADS: '2' });
const hostile = await runHostileMime(app, size.hostileRounds);
await app.stop();
const refusedOrStored = Object.values(hostile.outcomes).every((reply) => /^(250|552|554) /.test(reply));
rows.push({
  test: 'hostile MIME',
  done: '20,000 sibling parts, nesting 2,000 deep, 50,000 headers, a 4 MiB header, a 9 MiB line, broken charsets, 12 hostile filenames; two API pollers meanwhile',
  amount: `${size.hostileRounds} round(s) of 7 messages`,
  figure: `event-loop delay p99 ${hostile.eventLoopP99Ms} ms (max ${hostile.eventLoopMaxMs} ms); pollers ${Object.entries(
    hostile.pollerStatuses,
  )
    .map(([s, n]) => `${n}×${s}`)
    .join(' ')}; replies ${Object.values(hostile.outcomes)
    .map((r) => r.slice(0, 3))
    .join(' ')}`,
  ok: refusedOrStored && hostile.eventLoopP99Ms < 50 && Object.keys(hostile.pollerStatuses).join() === '200',
});

log('intake starvation…');
const starved = await runIntakeStarvation({
  honestMessages: size.honest,
  hostileSessions: 20,
  minSeconds: size.honestSeconds,
});
rows.push({
  test: 'intake starvation',
  done: '20 SMTP sessions from 127.0.0.2–.4 send 300 KB (past the large-message threshold), then stall or trickle a byte every 10 s, and reconnect at once when closed; meanwhile an honest sender on 127.0.0.1',
  amount: `${starved.honestSent} honest messages of 400 KB over ${starved.seconds} s; ${starved.hostileConnections} hostile connections`,
  figure: `honest answered ${starved.honestAccepted}/${starved.honestSent} with 250, refused ${starved.honestRefused.length}; end of data to reply p50 ${starved.replyP50Ms} ms, max ${starved.replyMaxMs} ms; 354 to reply max ${starved.wholeMaxMs} ms; hostile sessions closed 421 for their pace ${starved.hostileClosedTooSlow}`,
  ok: starved.honestAccepted === starved.honestSent && starved.replyMaxMs < 5_000 && starved.wholeMaxMs < 5_000,
});

for (const [test, file, done] of [
  [
    'SMTP edges',
    'test/reliability/smtp-edges.test.ts',
    'lengths, PIPELINING, STARTTLS injection, 5 smuggling markers, idle and stalled senders, one address holding its cap, shutdown mid-DATA',
  ],
  [
    'access fuzz',
    'test/reliability/access-fuzz.test.ts',
    'fast-check: 3,000 addresses; 400 API requests of random route, mailbox, id, cursor, size and key against a closed domain',
  ],
] as const) {
  log(`${test}…`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', file], {
    encoding: 'utf8',
  });
  const pass = Number(/# pass (\d+)/.exec(run.stdout)?.[1] ?? 0);
  const fail = Number(/# fail (\d+)/.exec(run.stdout)?.[1] ?? 1);
  rows.push({
    test,
    done,
    amount: `${pass + fail} cases`,
    figure: `${pass} passed, ${fail} failed (500s: 0 and leaks: 0 when all pass)`,
    ok: fail === 0 && pass > 0,
  });
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const table = [
  `Run of ${when} UTC, size \`${ci ? 'ci' : 'full'}\`, ${Math.round((Date.now() - started) / 1000)} s: \`npm run reliability${ci ? ' -- --size ci' : ''}\`.`,
  '',
  '| test | what was done to the service | how much | figure | holds |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.test} | ${r.done} | ${r.amount} | ${r.figure} | ${r.ok ? 'yes' : '**no**'} |`),
].join('\n');
process.stdout.write(`${table}\n`);

if (args.includes('--write')) {
  const path = new URL('../docs/reliability.md', import.meta.url);
  const doc = readFileSync(path, 'utf8');
  writeFileSync(
    path,
    doc.replace(
      /<!-- results:start -->[\s\S]*<!-- results:end -->/,
      `<!-- results:start -->\n${table}\n<!-- results:end -->`,
    ),
  );
}
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
