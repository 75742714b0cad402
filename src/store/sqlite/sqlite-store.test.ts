import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMessageStoreContract } from '../message-store-contract.js';
import { openSqliteDatabase } from './sqlite-database.js';
import { userVersion } from './migrate.js';
import { openSqliteStore, sqliteMessageStore } from './sqlite-store.js';
import { inlineWriter, threadWriter, type SqliteWriter } from './sqlite-writer.js';

runMessageStoreContract('sqlite (in memory)', () => openSqliteStore(':memory:'));

// The server's arrangement: reads on this thread, writes group-committed by the writer thread.
const threadDir = mkdtempSync(join(tmpdir(), 'inboxd-writer-'));
let threadStores = 0;
after(() => rmSync(threadDir, { recursive: true, force: true }));
runMessageStoreContract('sqlite (file, writer thread)', async () => {
  const path = join(threadDir, `store-${threadStores++}.sqlite`);
  const writer = threadWriter(path);
  await writer.ready();
  return sqliteMessageStore(openSqliteDatabase(path), writer);
});

describe('seen flags in the SQLite store (P52)', () => {
  it('answers a wait’s claim at once, one claim per message, and shows it in reads before the writer commits it', async () => {
    const db = openSqliteDatabase(':memory:');
    const inline = inlineWriter(db);
    const posted: string[] = [];
    // A writer that holds every seen flag back, as a writer thread busy with a commit would.
    const held: SqliteWriter = {
      ...inline,
      write(op, ...args) {
        const passOn = inline.write as (op: string, ...args: unknown[]) => Promise<never>;
        if (op !== 'claimUnseen' && op !== 'markSeen') return passOn(op, ...args);
        posted.push(op);
        return new Promise(() => undefined);
      },
    };
    const store = sqliteMessageStore(db, held);
    const now = Date.UTC(2026, 10, 24);
    const raw = new TextEncoder().encode('Subject: hi\r\n\r\nhi\r\n');
    const mail = { receivedAt: now, expiresAt: now + 1000, from: 'a@b.test', fromName: null, subject: 'hi' };
    await store.saveMail({ ...mail, id: '01JAAAAAAAAAAAAAAAAAAAAAAA', attachmentCount: 0, raw }, [
      { id: '01JAAAAAAAAAAAAAAAAAAAAAAB', mailbox: 'w@y.test' },
    ]);
    const claims = await Promise.all(
      [1, 2, 3].map(() => store.claimUnseen('w@y.test', '01JAAAAAAAAAAAAAAAAAAAAAAB', now)),
    );
    assert.deepEqual(claims, [true, false, false]);
    assert.deepEqual(posted, ['claimUnseen'], 'one write for the one claim that took it');
    assert.equal((await store.listMessages({ mailbox: 'w@y.test', limit: 5, now }))[0]?.seen, true);
    assert.equal((await store.getMessage('w@y.test', '01JAAAAAAAAAAAAAAAAAAAAAAB', now))?.seen, true);
    db.close();
  });
});

describe('SqliteStore on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-sqlite-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('opens in WAL mode with synchronous=FULL and the migrations applied (D10)', async () => {
    const path = join(dir, 'pragmas.sqlite');
    const store = openSqliteStore(path);
    await store.close();
    const db = openSqliteDatabase(path, { readOnly: true });
    assert.equal((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode, 'wal');
    assert.equal(userVersion(db), 3);
    db.close();
  });

  it('keeps what it committed across a reopen', async () => {
    const path = join(dir, 'reopen.sqlite');
    const first = openSqliteStore(path);
    const now = Date.UTC(2026, 10, 21);
    await first.saveMail(
      {
        id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
        receivedAt: now,
        expiresAt: now + 1000,
        from: 'a@b.test',
        fromName: null,
        subject: null,
        attachmentCount: 0,
        raw: new Uint8Array([65]),
      },
      [{ id: '01JAAAAAAAAAAAAAAAAAAAAAAB', mailbox: 'x@y.test' }],
    );
    await first.close();
    const second = openSqliteStore(path);
    assert.equal((await second.listMessages({ mailbox: 'x@y.test', limit: 5, now })).length, 1);
    await second.close();
  });
});
