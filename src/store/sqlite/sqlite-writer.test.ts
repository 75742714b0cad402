import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ulid } from 'ulid';
import type { NewMail } from '../message-store.js';
import { openSqliteDatabase } from './sqlite-database.js';
import { sqliteMessageStore } from './sqlite-store.js';
import { threadWriter } from './sqlite-writer.js';
import { messageBuffers } from '../../message-buffers.js';
import { attachStrace, requireStrace } from '../../../test/support/strace.js';

const T0 = Date.UTC(2026, 10, 22);

function mail(id: string, body: string): NewMail {
  return {
    id,
    receivedAt: T0,
    expiresAt: T0 + 86_400_000,
    from: 'a@b.test',
    fromName: null,
    subject: body,
    attachmentCount: 0,
    raw: new TextEncoder().encode(`Subject: ${body}\r\n\r\n${body}\r\n`),
  };
}

describe('the SQLite writer thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-writer-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function open(name: string) {
    const path = join(dir, `${name}.sqlite`);
    const db = openSqliteDatabase(path);
    const writer = threadWriter(path);
    await writer.ready();
    return { writer, store: sqliteMessageStore(db, writer) };
  }

  it('commits writes that arrive together in fewer transactions than writes (group commit, D10)', async () => {
    const { writer, store } = await open('group');
    const ids = Array.from({ length: 300 }, () => ulid());
    await Promise.all(
      ids.map((id, i) => store.saveMail(mail(id, `m${i}`), [{ id: ulid(), mailbox: `g${i % 3}@x.test` }])),
    );
    const { writes, commits } = writer.stats();
    assert.equal(writes, 300);
    assert.ok(commits < writes, `${commits} commits for ${writes} writes`);
    let stored = 0;
    for (const box of ['g0@x.test', 'g1@x.test', 'g2@x.test'])
      stored += (await store.listMessages({ mailbox: box, limit: 200, now: T0 })).length;
    assert.equal(stored, 300);
    await store.close();
  });

  it('commits seen flags in groups of their own without a sync, still one claim per message (D24)', async () => {
    const { writer, store } = await open('seen');
    const id = ulid();
    await store.saveMail(mail(ulid(), 'claimed'), [{ id, mailbox: 'w@x.test' }]);
    const before = writer.stats();
    assert.equal(before.syncedCommits, before.commits, 'mail commits are synced (D10)');
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claimUnseen('w@x.test', id, T0)));
    assert.deepEqual(
      claims.filter((won) => won),
      [true],
      'one waiter takes the message',
    );
    assert.equal(await store.markSeen('w@x.test', id, T0), true);
    // The claim's commit is not waited for (P52); answered in order, it is done once a later write is.
    assert.equal(await writer.write('markSeen', 'w@x.test', id, T0), true);
    const after = writer.stats();
    assert.ok(after.commits > before.commits);
    assert.equal(after.syncedCommits, before.syncedCommits, 'no seen-only group was synced');
    assert.equal((await store.getMessage('w@x.test', id, T0))?.seen, true);
    // Mail is synced again; seen flags waiting beside it go in a commit of their own, ahead of it.
    const next = ulid();
    await store.saveMail(mail(ulid(), 'next'), [{ id: next, mailbox: 'w@x.test' }]);
    const mixed = await Promise.all([
      store.saveMail(mail(ulid(), 'third'), [{ id: ulid(), mailbox: 'w@x.test' }]),
      store.claimUnseen('w@x.test', next, T0),
      store.claimUnseen('w@x.test', next, T0),
    ]);
    assert.deepEqual(mixed.slice(1).sort(), [false, true]);
    const last = writer.stats();
    assert.equal(last.syncedCommits, after.syncedCommits + 2, 'each mail commit was synced');
    assert.ok(last.commits > last.syncedCommits);
    await store.close();
  });

  it('keeps the decode of a message without attachments without a sync, one with attachments with it (P52)', async () => {
    const { writer, store } = await open('decoded');
    const plainMail = mail(ulid(), 'plain');
    const plainId = ulid();
    const fileMail = mail(ulid(), 'with a file');
    const fileId = ulid();
    await store.saveMail(plainMail, [{ id: plainId, mailbox: 'd@x.test' }]);
    await store.saveMail(fileMail, [{ id: fileId, mailbox: 'd@x.test' }]);
    const decoded = { fromName: null, subject: 'plain', text: 'plain\n', html: null, headers: [], attachments: [] };
    const before = writer.stats();
    await store.saveDecoded(plainMail.id, decoded);
    const between = writer.stats();
    assert.equal(between.commits, before.commits + 1);
    assert.equal(between.syncedCommits, before.syncedCommits, 'a crash costs it a decode at the next read');
    assert.equal((await store.getMessage('d@x.test', plainId, T0))?.content?.text, 'plain\n');
    const file = { filename: 'a.txt', mime: 'text/plain', size: 2, body: { content: new TextEncoder().encode('hi') } };
    const attachmentId = ulid();
    await store.saveDecoded(fileMail.id, {
      ...decoded,
      subject: 'with a file',
      attachments: [{ id: attachmentId, ...file }],
    });
    const last = writer.stats();
    assert.equal(last.syncedCommits, between.syncedCommits + 1, 'the ids of its attachments are handed out once kept');
    assert.ok(await store.getAttachment('d@x.test', attachmentId, T0));
    await store.close();
  });

  it('syncs the WAL for mail and not for seen flags alone (strace)', { skip: requireStrace() }, async () => {
    const { writer, store } = await open('seen-strace');
    const walSyncs = async (writes: () => Promise<unknown>) => {
      const strace = await attachStrace(process.pid, ['-yy', '-e', 'trace=fsync,fdatasync']);
      try {
        await writes();
      } finally {
        await strace.detach();
      }
      const wal = /(fsync|fdatasync)\(\d+<[^>]*seen-strace\.sqlite-wal>/;
      return (await strace.detach()).split('\n').filter((line) => wal.test(line)).length;
    };
    try {
      const id = ulid();
      await store.saveMail(mail(ulid(), 'first'), [{ id, mailbox: 'v@x.test' }]);
      const seen = await walSyncs(async () => {
        assert.equal(await store.claimUnseen('v@x.test', id, T0), true);
        assert.equal(await store.claimUnseen('v@x.test', id, T0), false);
        await store.markSeen('v@x.test', id, T0);
        // The store does not wait for a seen flag's commit (P52); the writer answers in order, so once a
        // write posted after it is answered, the claim is committed too.
        await writer.write('markSeen', 'v@x.test', id, T0);
      });
      assert.equal(seen, 0);
      const mailed = await walSyncs(() =>
        store.saveMail(mail(ulid(), 'second'), [{ id: ulid(), mailbox: 'v@x.test' }]),
      );
      assert.ok(mailed > 0);
    } finally {
      await store.close();
    }
  });

  it('hands a large mail’s resizable buffer back once the mail is written, and stores its bytes (P46)', async () => {
    const { store } = await open('returned');
    const text = `Subject: large\r\n\r\n${'x'.repeat(300_000)}\r\n`;
    const buffer = new ArrayBuffer(1 << 19, { maxByteLength: 1 << 20 });
    const raw = new Uint8Array(buffer, 0, text.length);
    raw.set(new TextEncoder().encode(text));
    const before = messageBuffers.waiting();
    const messageId = ulid();
    await store.saveMail({ ...mail(ulid(), 'large'), raw }, [{ id: messageId, mailbox: 'r@x.test' }]);
    assert.equal(buffer.detached, true, 'moved to the writer, not copied');
    assert.equal(messageBuffers.waiting(), before + 1, 'back in the pool once written');
    const stored = await store.getRaw('r@x.test', messageId, T0);
    assert.equal(Buffer.from(stored!).toString(), text);
    // What the pool hands out next is the same memory, written again by the next large mail.
    const again = messageBuffers.take(1 << 20);
    assert.equal(again?.byteLength, 1 << 19);
    await store.close();
  });

  it('fails one bad write alone and commits the others of its group', async () => {
    const { store } = await open('savepoint');
    const taken = ulid();
    await store.saveMail(mail(taken, 'first'), [{ id: ulid(), mailbox: 's@x.test' }]);
    const outcomes = await Promise.allSettled([
      store.saveMail(mail(ulid(), 'before'), [{ id: ulid(), mailbox: 's@x.test' }]),
      store.saveMail(mail(taken, 'duplicate id'), [{ id: ulid(), mailbox: 's@x.test' }]),
      store.saveMail(mail(ulid(), 'after'), [{ id: ulid(), mailbox: 's@x.test' }]),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const error = (outcomes[1] as PromiseRejectedResult).reason as { code?: string };
    assert.match(String(error.code), /^SQLITE_CONSTRAINT/, 'the SQLite code survives the trip between threads');
    const subjects = (await store.listMessages({ mailbox: 's@x.test', limit: 10, now: T0 }))
      .map((m) => m.subject)
      .sort();
    assert.deepEqual(subjects, ['after', 'before', 'first']);
    await store.close();
  });

  it('answers every write it was given before it closes, and refuses writes after', async () => {
    const { store } = await open('close');
    const saving = Array.from({ length: 20 }, (_, i) =>
      store.saveMail(mail(ulid(), `c${i}`), [{ id: ulid(), mailbox: 'c@x.test' }]),
    );
    const closing = store.close();
    await Promise.all(saving);
    await closing;
    await assert.rejects(store.saveMail(mail(ulid(), 'late'), [{ id: ulid(), mailbox: 'c@x.test' }]));
    const again = openSqliteDatabase(join(dir, 'close.sqlite'));
    assert.equal((again.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n, 20);
    again.close();
  });
});
