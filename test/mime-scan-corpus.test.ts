// D29 over a corpus of real and generated mail: the structural scan reads every message as postal-mime's
// full parse does (accepted or refused, sender, subject, which parts are attachments), its sizes for the
// cap never understate one, and every attachment served (from its range of the raw source, or where that
// range did not give postal-mime's bytes, from its kept copy) is byte for byte what the full parse gives. The corpus: the fixtures
// of this suite, test/fixtures/mail-corpus/ (real mail from the test suites of other mail software, see
// its SOURCES.md), and messages that nodemailer composes with every transfer encoding and nesting.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { decodeMail } from '../src/mail/decode-mail.js';
import { scanMime } from '../src/mail/mime-scan.js';
import { parseMail } from '../src/mail/parse-mail.js';
import { decodePartBody } from '../src/mail/part-body.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const REAL = new URL('./fixtures/mail-corpus/', import.meta.url);

function emlFiles(dir: URL): { name: string; raw: Uint8Array }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => ({ name: f, raw: new Uint8Array(readFileSync(new URL(f, dir))) }));
}

/** Deterministic pseudo-random numbers, so the generated corpus is the same on every run. */
function numbers(seed: number): (below: number) => number {
  let x = seed;
  return (below) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x >>> 8) % below;
  };
}

async function generated(count: number): Promise<{ name: string; raw: Uint8Array }[]> {
  const next = numbers(42);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => next(256));
  const encodings = ['base64', 'quoted-printable', '7bit', '8bit', undefined] as const;
  const out: { name: string; raw: Uint8Array }[] = [];
  for (let i = 0; i < count; i += 1) {
    const attachments: Mail.Attachment[] = [];
    for (let k = next(4); k > 0; k -= 1) {
      const kind = next(5);
      const encoding = encodings[next(encodings.length)];
      if (kind === 0)
        attachments.push({
          filename: `f${k}.bin`,
          content: Buffer.from(bytes(next(60_000))),
          contentTransferEncoding: encoding === '7bit' || encoding === '8bit' ? 'base64' : encoding,
        });
      else if (kind === 1)
        attachments.push({
          filename: `notes ${k} é.txt`,
          content: 'line one\r\nline two, ünïcode\n'.repeat(next(40)),
          contentTransferEncoding: encoding as Mail.Attachment['contentTransferEncoding'],
        });
      else if (kind === 2)
        attachments.push({
          filename: `image${k}.png`,
          content: Buffer.from(bytes(next(4000))),
          cid: `c${k}@example.org`,
        });
      else if (kind === 3) {
        const inner = Buffer.from(bytes(next(2000) + 1))
          .toString('base64')
          .replace(/.{76}/g, '$&\r\n');
        attachments.push({
          filename: `forwarded${k}.eml`,
          contentType: 'message/rfc822',
          contentDisposition: next(2) === 0 ? 'inline' : 'attachment',
          content: `From: a@example.org\r\nSubject: inner ${k}\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\nContent-Type: text/plain\r\n\r\nhello\r\n--inner\r\nContent-Type: application/pdf; name=x.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${inner}\r\n--inner--\r\n`,
        });
      } else attachments.push({ filename: `table${k}.csv`, content: 'a,b\nc,d\n', contentType: 'text/csv' });
    }
    const composer = new MailComposer({
      from: next(2) === 0 ? '"Zoë Sender" <zoe@example.org>' : 'plain@example.org',
      to: 'someone@inboxd.test',
      subject: next(2) === 0 ? `Grüße ${i}` : `plain ${i}`,
      text: next(3) > 0 ? 'text body '.repeat(next(100)) : undefined,
      html: next(2) === 0 ? '<p>html</p>'.repeat(next(50)) : undefined,
      attachments,
      textEncoding: next(2) === 0 ? 'base64' : 'quoted-printable',
    });
    const built = await new Promise<Buffer>((resolve, reject) =>
      composer.compile().build((error, message) => (error ? reject(error) : resolve(message))),
    );
    // A quarter with bare LF line ends, as some senders write them.
    const raw = next(4) === 0 ? Buffer.from(built.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : built;
    out.push({ name: `generated-${i}`, raw: new Uint8Array(raw) });
  }
  return out;
}

interface Tally {
  attachments: number;
  /** Kept as a range of the raw source (the rest as decoded copies, where the range did not give
   * postal-mime's bytes: text/calendar, which it re-encodes, or base64 with stray `=` or text in it). */
  ranges: number;
  /** Whose scanned size (for the cap) is exactly the decoded size. */
  exactSizes: number;
}

async function compare(name: string, raw: Uint8Array, tally: Tally): Promise<void> {
  const scan = scanMime(raw);
  const full = await parseMail(raw, { swapLargeParts: false });
  assert.equal(
    scan.ok,
    full.ok,
    `${name}: scan ${scan.ok ? 'accepts' : 'refuses'}, full parse ${full.ok ? 'accepts' : 'refuses'}`,
  );
  if (!scan.ok || !full.ok) return;
  const mail = full.mail;
  assert.deepEqual(
    {
      fromAddress: scan.scan.fromAddress,
      fromName: scan.scan.fromName,
      subject: scan.scan.subject,
      attachments: scan.scan.attachments.length,
    },
    {
      fromAddress: mail.fromAddress,
      fromName: mail.fromName,
      subject: mail.subject,
      attachments: mail.attachments.length,
    },
    name,
  );
  const decoded = await decodeMail(raw);
  assert.ok(decoded.ok, name);
  decoded.attachments.forEach((a, i) => {
    const expected = Buffer.from(mail.attachments[i]!.content);
    const served =
      'content' in a.body ? a.body.content : decodePartBody(raw.subarray(a.body.start, a.body.end), a.body.decoder);
    assert.ok(Buffer.from(served).equals(expected), `${name}: attachment ${i} served as the full parse gives it`);
    assert.equal(a.size, expected.byteLength, `${name}: attachment ${i} size`);
    const scanned = scan.scan.attachments[i]!.size;
    // The cap may overstate an odd body, never understate it (text/calendar, re-encoded, aside).
    if (mail.attachments[i]!.mime !== 'text/calendar')
      assert.ok(
        scanned >= expected.byteLength,
        `${name}: scanned size of attachment ${i}: ${scanned} < ${expected.byteLength}`,
      );
    tally.attachments += 1;
    if (!('content' in a.body)) tally.ranges += 1;
    if (scanned === expected.byteLength) tally.exactSizes += 1;
  });
}

describe('the structural scan against the full parse (D29)', () => {
  it('reads the suite fixtures and the real-mail corpus as postal-mime does, and serves attachments byte-identical from ranges', async (t) => {
    const tally: Tally = { attachments: 0, ranges: 0, exactSizes: 0 };
    const messages = [...emlFiles(FIXTURES), ...emlFiles(REAL)];
    for (const { name, raw } of messages) await compare(name, raw, tally);
    t.diagnostic(JSON.stringify({ messages: messages.length, ...tally }));
    assert.ok(messages.length >= 100, `${messages.length} messages`);
    assert.ok(
      tally.ranges >= 0.9 * tally.attachments,
      `${tally.ranges} of ${tally.attachments} attachments kept as ranges`,
    );
    assert.ok(
      tally.exactSizes >= 0.9 * tally.attachments,
      `${tally.exactSizes} of ${tally.attachments} sizes exact before decoding`,
    );
  });

  it('reads 150 composed messages (every transfer encoding, inline and attached forwarded mail, LF-only lines) the same way', async (t) => {
    const tally: Tally = { attachments: 0, ranges: 0, exactSizes: 0 };
    for (const { name, raw } of await generated(150)) await compare(name, raw, tally);
    t.diagnostic(JSON.stringify(tally));
    assert.ok(tally.attachments > 150, `${tally.attachments} attachments`);
    // Every one: nodemailer writes nothing odd.
    assert.equal(tally.ranges, tally.attachments);
    assert.equal(tally.exactSizes, tally.attachments);
  });
});
