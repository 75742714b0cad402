// D29 at the use-case layer, against SQLite in memory: a message is decoded at its first read and the
// decode is kept; readers at once share one decode; a message whose decode fails after its 250 is still
// listed and read, as its raw text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ulid } from 'ulid';
import { inlineMailParser, type MailParser } from '../../mail/parser-pool.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { MessageStore } from '../../store/message-store.js';
import { decodeAhead, loadMessage } from './load-message.js';

const T0 = Date.UTC(2026, 10, 23, 12);
const RAW =
  'From: "Ana" <ana@example.org>\r\nSubject: Your code\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n' +
  'Content-Type: text/plain\r\n\r\nYour code is 482913.\r\n--b\r\nContent-Type: application/pdf; name=a.pdf\r\n' +
  'Content-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--b--\r\n';

async function stored(store: MessageStore, raw = RAW): Promise<string> {
  const id = ulid(T0);
  await store.saveMail(
    {
      id: ulid(T0),
      receivedAt: T0,
      expiresAt: T0 + 5 * 86_400_000,
      from: 'ana@example.org',
      fromName: 'Ana',
      subject: 'Your code',
      attachmentCount: 1,
      raw: new TextEncoder().encode(raw),
    },
    [{ id, mailbox: 'box@inboxd.test' }],
  );
  return id;
}

/** The real decode, counting its calls. */
function countingParser(): MailParser & { decodes: number } {
  const inline = inlineMailParser();
  const parser = {
    decodes: 0,
    scan: inline.scan,
    decode: (raw: Uint8Array) => {
      parser.decodes += 1;
      return inline.decode(raw);
    },
    warm: inline.warm,
    close: inline.close,
  };
  return parser;
}

/** The store, counting the decodes it is asked to keep. */
function countingKeeps(store: MessageStore): { store: MessageStore; kept: number } {
  const counted = { kept: 0, store };
  counted.store = new Proxy(store, {
    get: (target, property, receiver) =>
      property === 'saveDecoded'
        ? (...args: Parameters<MessageStore['saveDecoded']>) => ((counted.kept += 1), target.saveDecoded(...args))
        : Reflect.get(target, property, receiver),
  });
  return counted;
}

describe('loading a message (D29: decoded at its first read, kept once done)', () => {
  it('decodes a message at its first read and serves later reads from the kept decode', async () => {
    const store = openSqliteStore(':memory:');
    const parser = countingParser();
    const id = await stored(store);
    const deps = { store, parser, newId: () => ulid(T0) };
    const first = await loadMessage(deps, (await store.getMessage('box@inboxd.test', id, T0))!, T0);
    assert.equal(first.text, 'Your code is 482913.\n');
    assert.deepEqual(
      first.attachments.map((a) => ({ filename: a.filename, mime: a.mime, size: a.size })),
      [{ filename: 'a.pdf', mime: 'application/pdf', size: 9 }],
    );
    assert.ok(first.headers.some((h) => h.name === 'Subject' && h.value === 'Your code'));
    const again = await loadMessage(deps, (await store.getMessage('box@inboxd.test', id, T0))!, T0);
    assert.deepEqual(again, first);
    assert.equal(parser.decodes, 1);
    const attachment = await store.getAttachment('box@inboxd.test', first.attachments[0]!.id, T0);
    assert.equal(attachment?.decoder, 'base64', 'kept as its range of the raw source');
    await store.close();
  });

  it('shares one decode between readers that ask at once', async () => {
    const store = openSqliteStore(':memory:');
    const parser = countingParser();
    const id = await stored(store);
    const deps = { store, parser, newId: () => ulid(T0) };
    const message = (await store.getMessage('box@inboxd.test', id, T0))!;
    const reads = await Promise.all([1, 2, 3].map(() => loadMessage(deps, message, T0)));
    assert.equal(parser.decodes, 1);
    assert.deepEqual(reads[1], reads[0]);
    await store.close();
  });

  it('still lists and reads a message whose decode fails after its 250: its raw text, its summary kept', async () => {
    const store = openSqliteStore(':memory:');
    const failing: MailParser = {
      ...inlineMailParser(),
      decode: async () => ({ ok: false, text: null, detail: 'decode abandoned' }),
    };
    const id = await stored(store);
    const deps = { store, parser: failing, newId: () => ulid(T0) };
    const [summary] = await store.listMessages({ mailbox: 'box@inboxd.test', limit: 10, now: T0 });
    assert.equal(summary?.subject, 'Your code');
    const read = await loadMessage(deps, (await store.getMessage('box@inboxd.test', id, T0))!, T0);
    assert.equal(read.text, RAW);
    assert.equal(read.html, null);
    assert.equal(read.subject, 'Your code');
    assert.equal(read.fromName, 'Ana');
    assert.deepEqual(read.attachments, []);
    const [after] = await store.listMessages({ mailbox: 'box@inboxd.test', limit: 10, now: T0 });
    assert.deepEqual(
      { subject: after?.subject, attachments: after?.attachmentCount },
      { subject: 'Your code', attachments: 0 },
    );
    await store.close();
  });

  it('answers not_found when the message goes between the read and its decode', async () => {
    const store = openSqliteStore(':memory:');
    const id = await stored(store);
    const message = (await store.getMessage('box@inboxd.test', id, T0))!;
    await store.deleteMessage('box@inboxd.test', id);
    await assert.rejects(loadMessage({ store, parser: inlineMailParser(), newId: () => ulid(T0) }, message, T0), {
      slug: 'not_found',
    });
    await store.close();
  });

  it('hands a message without attachments to its first reader before its decode is kept, and one with attachments only after (P39)', async () => {
    const store = openSqliteStore(':memory:');
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let kept = 0;
    const slowKeep: MessageStore = new Proxy(store, {
      get: (target, property, receiver) =>
        property === 'saveDecoded'
          ? async (...args: Parameters<MessageStore['saveDecoded']>) => {
              await gate;
              kept += 1;
              return target.saveDecoded(...args);
            }
          : Reflect.get(target, property, receiver),
    });
    const deps = { store: slowKeep, parser: inlineMailParser(), newId: () => ulid(T0) };
    const plainId = await stored(store, 'From: ana@example.org\r\nSubject: Your code\r\n\r\nYour code is 482913.\r\n');
    const plain = await loadMessage(deps, (await store.getMessage('box@inboxd.test', plainId, T0))!, T0);
    assert.equal(plain.text, 'Your code is 482913.\n');
    assert.equal(kept, 0, 'served while its keep still waits');
    const withFileId = await stored(store);
    let served = false;
    const withFile = loadMessage(deps, (await store.getMessage('box@inboxd.test', withFileId, T0))!, T0).then(
      (m) => ((served = true), m),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(served, false, 'its attachment ids must exist before they are handed out');
    release();
    const read = await withFile;
    assert.equal(kept, 2);
    assert.ok(
      await store.getAttachment('box@inboxd.test', read.attachments[0]!.id, T0),
      'the id handed out is the kept one',
    );
    await store.close();
  });
  it('shares a decode made ahead beside the commit with the first reader, and keeps it only once committed (P52)', async () => {
    const store = openSqliteStore(':memory:');
    const parser = countingParser();
    const counting = countingKeeps(store);
    const deps = { store: counting.store, parser, newId: () => ulid(T0) };
    const plain = 'From: ana@example.org\r\nSubject: Your code\r\n\r\nYour code is 482913.\r\n';
    let commit!: (committed: boolean) => void;
    const committed = new Promise<boolean>((resolve) => (commit = resolve));
    const id = await stored(store, plain);
    const message = (await store.getMessage('box@inboxd.test', id, T0))!;
    decodeAhead(deps, message, new TextEncoder().encode(plain), committed, T0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(counting.kept, 0, 'nothing kept before the commit');
    commit(true);
    const read = await loadMessage(deps, message, T0);
    assert.equal(read.text, 'Your code is 482913.\n');
    assert.equal(parser.decodes, 1, 'the reader shared the decode made ahead');
    assert.equal(counting.kept, 1);
    await store.close();
  });

  it('keeps nothing of a decode made ahead of a commit that failed (P52)', async () => {
    const store = openSqliteStore(':memory:');
    const inline = inlineMailParser();
    let decoded!: () => void;
    const done = new Promise<void>((resolve) => (decoded = resolve));
    const parser: MailParser = { ...inline, decode: (raw) => inline.decode(raw).finally(decoded) };
    const counting = countingKeeps(store);
    const source = { mailbox: 'box@inboxd.test', id: ulid(T0), mailId: ulid(T0), fromName: null, subject: 'lost' };
    const bytes = new TextEncoder().encode('Subject: lost\r\n\r\nlost\r\n');
    decodeAhead({ store: counting.store, parser, newId: () => ulid(T0) }, source, bytes, Promise.resolve(false), T0);
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(counting.kept, 0);
    assert.equal(await store.getMessage('box@inboxd.test', source.id, T0), null);
    await store.close();
  });
});
