// The contract every MessageStore adapter must pass. An adapter's test file calls
// runMessageStoreContract with a factory for a fresh, empty store.
import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import type { DecodedMail, MessageStore, NewAttachment, NewMail } from './message-store.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
let sequence = 0;

/** Ids of the ULID form, increasing with each call, as the service issues them. */
function nextId(): string {
  sequence += 1;
  return `01J${String(sequence).padStart(23, '0')}`;
}

function mail(overrides: Partial<NewMail> = {}): NewMail {
  return {
    id: nextId(),
    receivedAt: T0,
    expiresAt: T0 + 5 * DAY,
    from: 'sender@example.org',
    fromName: 'Sender',
    subject: 'hello',
    attachmentCount: 0,
    raw: new TextEncoder().encode('Subject: hello\r\n\r\nbody\r\n'),
    ...overrides,
  };
}

function decoded(overrides: Partial<DecodedMail> = {}): DecodedMail {
  return {
    fromName: 'Sender',
    subject: 'hello',
    text: 'body',
    html: null,
    headers: [{ name: 'Subject', value: 'hello' }],
    attachments: [],
    ...overrides,
  };
}

/** An attachment kept as its decoded copy. */
function copy(id: string, content: Uint8Array, filename = 'a', mime = 'text/plain'): NewAttachment {
  return { id, filename, mime, size: content.byteLength, body: { content } };
}

export function runMessageStoreContract(name: string, open: () => Promise<MessageStore> | MessageStore): void {
  describe(`MessageStore contract: ${name}`, () => {
    let store: MessageStore;
    const opened: MessageStore[] = [];
    beforeEach(async () => {
      store = await open();
      opened.push(store);
    });
    after(async () => {
      for (const s of opened) await s.close();
    });

    it('lists the messages of one mailbox newest first, with their summary fields', async () => {
      const first = mail({ subject: 'first' });
      const second = mail({ subject: 'second', fromName: null });
      const idA = nextId();
      const idB = nextId();
      await store.saveMail(first, [{ id: idA, mailbox: 'a@x.test' }]);
      await store.saveMail(second, [{ id: idB, mailbox: 'a@x.test' }]);
      await store.saveMail(mail(), [{ id: nextId(), mailbox: 'other@x.test' }]);
      const list = await store.listMessages({ mailbox: 'a@x.test', limit: 10, now: T0 });
      assert.deepEqual(
        list.map((m) => m.id),
        [idB, idA],
      );
      assert.deepEqual(list[0], {
        id: idB,
        mailbox: 'a@x.test',
        from: 'sender@example.org',
        fromName: null,
        subject: 'second',
        receivedAt: T0,
        expiresAt: T0 + 5 * DAY,
        seen: false,
        attachmentCount: 0,
      });
    });

    it('pages with before and limit, and a cursor still works after its message is deleted', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const id = nextId();
        ids.push(id);
        await store.saveMail(mail(), [{ id, mailbox: 'p@x.test' }]);
      }
      const page1 = await store.listMessages({ mailbox: 'p@x.test', limit: 2, now: T0 });
      assert.deepEqual(
        page1.map((m) => m.id),
        [ids[4], ids[3]],
      );
      await store.deleteMessage('p@x.test', ids[3] as string);
      const page2 = await store.listMessages({ mailbox: 'p@x.test', limit: 2, now: T0, before: ids[3] });
      assert.deepEqual(
        page2.map((m) => m.id),
        [ids[2], ids[1]],
      );
    });

    it('reads a message undecoded until its decode is saved, then in full, only in its own mailbox (D29)', async () => {
      const id = nextId();
      const m = mail({ attachmentCount: 1 });
      await store.saveMail(m, [{ id, mailbox: 'r@x.test' }]);
      const before = await store.getMessage('r@x.test', id, T0);
      assert.ok(before);
      assert.equal(before.content, null);
      assert.equal(before.mailId, m.id);
      assert.equal(before.attachmentCount, 1);
      const attachmentId = nextId();
      const d = decoded({
        subject: 'hello, decoded',
        html: '<p>hi</p>',
        headers: [
          { name: 'From', value: 'Sender <sender@example.org>' },
          { name: 'Subject', value: 'hello, decoded' },
        ],
        attachments: [copy(attachmentId, new Uint8Array([1, 2, 3]), 'a.txt')],
      });
      assert.deepEqual(await store.saveDecoded(m.id, d), ['r@x.test'], 'the subject changed: its mailbox is named');
      const read = await store.getMessage('r@x.test', id, T0);
      assert.ok(read?.content);
      assert.equal(read.subject, 'hello, decoded');
      assert.equal(read.content.text, 'body');
      assert.equal(read.content.html, '<p>hi</p>');
      assert.deepEqual(read.content.headers, d.headers);
      assert.deepEqual(read.content.attachments, [
        { id: attachmentId, filename: 'a.txt', mime: 'text/plain', size: 3 },
      ]);
      assert.equal(await store.getMessage('someone-else@x.test', id, T0), null);
    });

    it('keeps the first decode saved and ignores a later one (D29)', async () => {
      const id = nextId();
      const m = mail();
      await store.saveMail(m, [{ id, mailbox: 'twice@x.test' }]);
      const first = nextId();
      assert.deepEqual(
        await store.saveDecoded(m.id, decoded({ text: 'first', attachments: [copy(first, new Uint8Array([1]))] })),
        ['twice@x.test'],
        'one attachment where the scan counted none',
      );
      assert.deepEqual(
        await store.saveDecoded(
          m.id,
          decoded({
            text: 'second',
            attachments: [copy(nextId(), new Uint8Array([2])), copy(nextId(), new Uint8Array([3]))],
          }),
        ),
        [],
      );
      const read = await store.getMessage('twice@x.test', id, T0);
      assert.equal(read?.content?.text, 'first');
      assert.deepEqual(
        read?.content?.attachments.map((a) => a.id),
        [first],
      );
      assert.equal(read?.attachmentCount, 1);
    });

    it('names no mailbox when the decode keeps the summary the scan gave', async () => {
      const m = mail();
      await store.saveMail(m, [
        { id: nextId(), mailbox: 'same1@x.test' },
        { id: nextId(), mailbox: 'same2@x.test' },
      ]);
      assert.deepEqual(await store.saveDecoded(m.id, decoded()), []);
      const other = mail();
      await store.saveMail(other, [
        { id: nextId(), mailbox: 'same1@x.test' },
        { id: nextId(), mailbox: 'same2@x.test' },
      ]);
      assert.deepEqual((await store.saveDecoded(other.id, decoded({ fromName: 'Someone else' }))).sort(), [
        'same1@x.test',
        'same2@x.test',
      ]);
    });

    it('serves an attachment kept as a range as those bytes of the raw source, with its decoder', async () => {
      const id = nextId();
      const raw = new TextEncoder().encode(
        'Subject: r\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC\r\n',
      );
      const m = mail({ raw: raw.slice(), attachmentCount: 1 });
      await store.saveMail(m, [{ id, mailbox: 'range@x.test' }]);
      const attachmentId = nextId();
      const start = raw.length - 6;
      await store.saveDecoded(
        m.id,
        decoded({
          attachments: [
            {
              id: attachmentId,
              filename: 'x.pdf',
              mime: 'application/pdf',
              size: 3,
              body: { start, end: raw.length, decoder: 'base64' },
            },
          ],
        }),
      );
      const source = await store.getAttachment('range@x.test', attachmentId, T0);
      assert.ok(source);
      assert.deepEqual(
        { ...source, bytes: Buffer.from(source.bytes).toString('latin1') },
        {
          id: attachmentId,
          filename: 'x.pdf',
          mime: 'application/pdf',
          size: 3,
          decoder: 'base64',
          bytes: 'AAEC\r\n',
        },
      );
    });

    it('saves no decode for a mail that is gone', async () => {
      const id = nextId();
      const m = mail();
      await store.saveMail(m, [{ id, mailbox: 'gone@x.test' }]);
      await store.deleteMessage('gone@x.test', id);
      assert.deepEqual(
        await store.saveDecoded(m.id, decoded({ attachments: [copy(nextId(), new Uint8Array([1]))] })),
        [],
      );
      assert.equal(await store.getMessage('gone@x.test', id, T0), null);
    });

    it('marks a message seen and reports whether it existed', async () => {
      const id = nextId();
      await store.saveMail(mail(), [{ id, mailbox: 's@x.test' }]);
      assert.equal(await store.markSeen('s@x.test', id, T0), true);
      assert.equal((await store.getMessage('s@x.test', id, T0))?.seen, true);
      assert.equal(await store.markSeen('s@x.test', nextId(), T0), false);
    });

    it('lets only one of several claims take an unseen message', async () => {
      const id = nextId();
      await store.saveMail(mail(), [{ id, mailbox: 'c@x.test' }]);
      const claims = await Promise.all([store.claimUnseen('c@x.test', id, T0), store.claimUnseen('c@x.test', id, T0)]);
      assert.deepEqual(claims.sort(), [false, true]);
      assert.equal((await store.getMessage('c@x.test', id, T0))?.seen, true);
      assert.equal(await store.claimUnseen('c@x.test', nextId(), T0), false);
    });

    it('shows a seen flag set by a mark or a claim in the very next read of the list and of the message', async () => {
      const marked = nextId();
      const claimed = nextId();
      await store.saveMail(mail(), [{ id: marked, mailbox: 's@x.test' }]);
      await store.saveMail(mail(), [{ id: claimed, mailbox: 's@x.test' }]);
      assert.equal(await store.markSeen('s@x.test', marked, T0), true);
      assert.equal(await store.claimUnseen('s@x.test', claimed, T0), true);
      const listed = await store.listMessages({ mailbox: 's@x.test', limit: 10, now: T0 });
      assert.deepEqual(
        listed.map((m) => m.seen),
        [true, true],
      );
      assert.equal((await store.getMessage('s@x.test', claimed, T0))?.seen, true);
      assert.equal(await store.claimUnseen('s@x.test', marked, T0), false, 'marked seen: no claim takes it');
      assert.equal(await store.markSeen('s@x.test', nextId(), T0), false, 'no such message');
    });

    it('gives each recipient its own message, seen flag and deletion, sharing one mail', async () => {
      const m = mail({ attachmentCount: 1 });
      const a = nextId();
      const b = nextId();
      const attachmentId = nextId();
      await store.saveMail(m, [
        { id: a, mailbox: 'one@x.test' },
        { id: b, mailbox: 'two@x.test' },
      ]);
      await store.saveDecoded(
        m.id,
        decoded({ attachments: [copy(attachmentId, new Uint8Array(10), 'f.bin', 'application/pdf')] }),
      );
      await store.markSeen('one@x.test', a, T0);
      assert.equal((await store.getMessage('two@x.test', b, T0))?.seen, false);
      await store.deleteMessage('one@x.test', a);
      assert.equal(await store.getMessage('one@x.test', a, T0), null);
      assert.equal(await store.getAttachment('one@x.test', attachmentId, T0), null);
      const kept = await store.getAttachment('two@x.test', attachmentId, T0);
      assert.deepEqual(new Uint8Array(kept?.bytes ?? []), new Uint8Array(10));
      assert.equal(kept?.decoder, null);
      assert.equal(kept?.size, 10);
    });

    it('returns the raw source byte for byte, to its own mailbox only, until it expires', async () => {
      const id = nextId();
      const raw = Uint8Array.from([
        ...new TextEncoder().encode('Subject: raw\r\n\r\n'),
        0x00,
        0xff,
        0x80,
        0x0d,
        0x0a,
        0x2e,
        0x0d,
        0x0a,
      ]);
      // A copy: the store may take over the bytes it is given (saveMail).
      await store.saveMail(mail({ raw: raw.slice() }), [{ id, mailbox: 'raw@x.test' }]);
      assert.deepEqual(await store.getRaw('raw@x.test', id, T0), raw);
      assert.equal(await store.getRaw('other@x.test', id, T0), null);
      assert.equal(await store.getRaw('raw@x.test', id, T0 + 5 * DAY), null);
      assert.equal(await store.getRaw('raw@x.test', nextId(), T0), null);
    });

    it('tells its size: the messages it holds and some bytes', async () => {
      const before = await store.size();
      await store.saveMail(mail(), [
        { id: nextId(), mailbox: 's1@x.test' },
        { id: nextId(), mailbox: 's2@x.test' },
      ]);
      const after = await store.size();
      assert.equal(after.messages, before.messages + 2);
      assert.ok(after.bytes > 0);
    });

    it('deletes idempotently', async () => {
      const id = nextId();
      await store.saveMail(mail(), [{ id, mailbox: 'd@x.test' }]);
      await store.deleteMessage('d@x.test', id);
      await store.deleteMessage('d@x.test', id);
      await store.deleteMessage('d@x.test', nextId());
      assert.deepEqual(await store.listMessages({ mailbox: 'd@x.test', limit: 10, now: T0 }), []);
    });

    it('hides a message from every reader from the instant it expires (D4)', async () => {
      const id = nextId();
      const attachmentId = nextId();
      const m = mail({ attachmentCount: 1 });
      await store.saveMail(m, [{ id, mailbox: 'e@x.test' }]);
      await store.saveDecoded(m.id, decoded({ attachments: [copy(attachmentId, new Uint8Array(1))] }));
      const expiry = T0 + 5 * DAY;
      assert.equal((await store.listMessages({ mailbox: 'e@x.test', limit: 10, now: expiry - 1 })).length, 1);
      assert.equal((await store.listMessages({ mailbox: 'e@x.test', limit: 10, now: expiry })).length, 0);
      assert.equal(await store.getMessage('e@x.test', id, expiry), null);
      assert.equal(await store.markSeen('e@x.test', id, expiry), false);
      assert.equal(await store.getAttachment('e@x.test', attachmentId, expiry), null);
    });

    it('sweeps expired mails with their messages and attachments, and nothing else', async () => {
      const old = nextId();
      const fresh = nextId();
      const oldMail = mail({ attachmentCount: 1 });
      await store.saveMail(oldMail, [{ id: old, mailbox: 'w@x.test' }]);
      await store.saveDecoded(oldMail.id, decoded({ attachments: [copy(nextId(), new Uint8Array(1))] }));
      await store.saveMail(mail({ receivedAt: T0 + DAY, expiresAt: T0 + 6 * DAY }), [
        { id: fresh, mailbox: 'w@x.test' },
      ]);
      assert.equal(await store.deleteExpired(T0 + 5 * DAY), 1);
      assert.equal(await store.deleteExpired(T0 + 5 * DAY), 0);
      const left = await store.listMessages({ mailbox: 'w@x.test', limit: 10, now: T0 });
      assert.deepEqual(
        left.map((m) => m.id),
        [fresh],
      );
    });

    it('sweeps in batches larger than one', async () => {
      for (let i = 0; i < 1201; i += 1) await store.saveMail(mail(), [{ id: nextId(), mailbox: 'many@x.test' }]);
      assert.equal(await store.deleteExpired(T0 + 5 * DAY), 1201);
    });

    it('stores all of a mail or none of it', async () => {
      const id = nextId();
      await store.saveMail(mail(), [{ id, mailbox: 'dup@x.test' }]);
      const second = mail();
      await assert.rejects(
        store.saveMail(second, [
          { id: nextId(), mailbox: 'dup@x.test' },
          { id, mailbox: 'dup@x.test' },
        ]),
      );
      const list = await store.listMessages({ mailbox: 'dup@x.test', limit: 10, now: T0 });
      assert.deepEqual(
        list.map((m) => m.id),
        [id],
      );
    });

    it('answers ping while open', async () => {
      await store.ping();
    });
  });
}
