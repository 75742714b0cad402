// The measurement behind P36: node:sqlite against better-sqlite3 13 (the line fixed for Node 24), on
// inboxd's own schema and statements, on whatever Node runs it. better-sqlite3 is installed for this script
// only, into bench/.engines (never a dependency of the service).
//   npx tsx bench/sqlite-engines.ts            both engines, turn about, 5 rounds
// Each figure is the median of the rounds, in microseconds per operation; the group commit includes the
// WAL fsync of synchronous=FULL (D10), so it measures the disk as much as the engine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const BETTER_SQLITE3 = 'better-sqlite3@13.2.0';
const root = new URL('..', import.meta.url).pathname;
const enginesDir = join(root, 'bench', '.engines');

interface Db {
  exec(sql: string): void;
  prepare(sql: string): {
    run(...p: unknown[]): unknown;
    get(...p: unknown[]): unknown;
    all(...p: unknown[]): unknown[];
  };
  close(): void;
}

function betterSqlite3(): new (path: string) => Db {
  const installed = join(enginesDir, 'node_modules', 'better-sqlite3');
  if (!existsSync(installed)) {
    mkdirSync(enginesDir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', enginesDir, '--no-save', '--no-package-lock', BETTER_SQLITE3], {
      stdio: 'inherit',
    });
  }
  return createRequire(join(enginesDir, 'package.json'))('better-sqlite3') as new (path: string) => Db;
}

const ENGINES: Record<string, (path: string) => Db> = {
  'node:sqlite': (path) => new DatabaseSync(path) as unknown as Db,
  'better-sqlite3 13': (() => {
    let Better: (new (path: string) => Db) | undefined;
    return (path: string) => new (Better ??= betterSqlite3())(path);
  })(),
};

const schema = readFileSync(join(root, 'migrations', 'sqlite', '001-messages.sql'), 'utf8');
const NOW = Date.UTC(2026, 10, 23);

function round(open: (path: string) => Db, dir: string): Record<string, number> {
  const db = open(join(dir, `${Math.random().toString(36).slice(2)}.sqlite`));
  for (const pragma of [
    'journal_mode = WAL',
    'synchronous = FULL',
    'foreign_keys = ON',
    'cache_size = -16384',
    'mmap_size = 1073741824',
  ])
    db.exec(`PRAGMA ${pragma}`);
  db.exec(schema);
  const insertMail =
    db.prepare(`INSERT INTO mails (id, received_at, expires_at, env_from, from_name, subject, text_body, html_body,
    headers, attachment_count, raw) VALUES (@id, @receivedAt, @expiresAt, @from, @fromName, @subject, @text, @html, @headers, @attachmentCount, @raw)`);
  const insertAttachment = db.prepare(
    'INSERT INTO attachments (id, mail_id, position, filename, mime, size, content) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, mailbox, mail_id, received_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  let next = 0;
  const save = (rawBytes: number, attachmentBytes: number) => {
    const id = `M${String(next).padStart(12, '0')}`;
    const mailbox = `box${next % 200}@inboxd.test`;
    next += 1;
    insertMail.run({
      id,
      receivedAt: NOW,
      expiresAt: NOW + 432e6,
      from: 'a@example.org',
      fromName: 'A',
      subject: `subject ${id}`,
      text: 'Your code is 123456. '.repeat(50),
      html: null,
      headers: '[{"key":"subject","value":"s"}]',
      attachmentCount: attachmentBytes > 0 ? 1 : 0,
      raw: new Uint8Array(rawBytes).fill(65),
    });
    if (attachmentBytes > 0)
      insertAttachment.run(
        `A${id}`,
        id,
        0,
        'f.bin',
        'application/octet-stream',
        attachmentBytes,
        new Uint8Array(attachmentBytes).fill(66),
      );
    insertMessage.run(id, mailbox, id, NOW, NOW + 432e6);
  };
  const time = (n: number, work: (i: number) => void) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) work(i);
    return Number(process.hrtime.bigint() - started) / 1e3 / n;
  };
  const figures: Record<string, number> = {};
  figures['seed 20,000 × 4 KB, 100 a transaction'] =
    time(200, () => {
      db.exec('BEGIN IMMEDIATE');
      for (let j = 0; j < 100; j += 1) save(4096, 0);
      db.exec('COMMIT');
    }) / 100;
  const list =
    db.prepare(`SELECT m.id, m.mailbox, ma.env_from, ma.from_name, ma.subject, m.received_at, m.expires_at, m.seen, ma.attachment_count
    FROM messages m JOIN mails ma ON ma.id = m.mail_id WHERE m.mailbox = ? AND m.expires_at > ? AND m.id < ? ORDER BY m.id DESC LIMIT ?`);
  const one =
    db.prepare(`SELECT m.id, ma.text_body, ma.html_body, ma.headers, m.mail_id FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?`);
  const raw = db.prepare(
    'SELECT ma.raw FROM messages m JOIN mails ma ON ma.id = m.mail_id WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?',
  );
  const idOf = (i: number) => `M${String(i % 20_000).padStart(12, '0')}`;
  figures['list of 50'] = time(3000, (i) => list.all(`box${i % 200}@inboxd.test`, NOW, '~', 50));
  figures['read one message'] = time(20_000, (i) => one.get(`box${(i % 20_000) % 200}@inboxd.test`, idOf(i), NOW));
  figures['read a raw 4 KB source'] = time(20_000, (i) =>
    raw.get(`box${(i % 20_000) % 200}@inboxd.test`, idOf(i), NOW),
  );
  figures['group commit, 50 × 4 KB with savepoints, fsync'] = time(40, () => {
    db.exec('BEGIN IMMEDIATE');
    for (let j = 0; j < 50; j += 1) {
      db.exec('SAVEPOINT one');
      save(4096, 0);
      db.exec('RELEASE one');
    }
    db.exec('COMMIT');
  });
  figures['save 512 KB (no commit)'] = (() => {
    db.exec('BEGIN IMMEDIATE');
    const us = time(100, () => save(512 * 1024, 0));
    db.exec('COMMIT');
    return us;
  })();
  figures['save 7 MB + 5 MB attachment (no commit)'] = (() => {
    db.exec('BEGIN IMMEDIATE');
    const us = time(10, () => save(7 * 1024 * 1024, 5 * 1024 * 1024));
    db.exec('COMMIT');
    return us;
  })();
  db.close();
  return figures;
}

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'inboxd-engines-'));
const results: Record<string, Record<string, number[]>> = {};
try {
  for (let r = 0; r < rounds; r += 1) {
    // Turn about, so a slow moment of the machine hits both.
    const order = r % 2 === 0 ? Object.keys(ENGINES) : Object.keys(ENGINES).reverse();
    for (const name of order) {
      for (const [label, us] of Object.entries(round(ENGINES[name]!, dir)))
        ((results[label] ??= {})[name] ??= []).push(us);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`Node ${process.version}, ${rounds} rounds, median µs per operation\n`);
console.log(`| operation | ${Object.keys(ENGINES).join(' | ')} | node:sqlite ÷ better-sqlite3 |`);
console.log(
  `|---|${Object.keys(ENGINES)
    .map(() => '---:')
    .join('|')}|---:|`,
);
for (const [label, byEngine] of Object.entries(results)) {
  const [a, b] = Object.keys(ENGINES).map((name) => median(byEngine[name]!));
  console.log(`| ${label} | ${a!.toFixed(1)} | ${b!.toFixed(1)} | ${(a! / b!).toFixed(2)} |`);
}
