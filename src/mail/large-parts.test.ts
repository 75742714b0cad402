import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { LARGE_PART_BYTES, swapLargeBase64Parts } from './large-parts.js';
import { parseMail } from './parse-mail.js';

const base64Lines = (bytes: Buffer, eol: string) =>
  `${(bytes.toString('base64').match(/.{1,76}/g) ?? []).join(eol)}${eol}`;

function message(eol: string, parts: string[]): Buffer {
  const head = [
    'From: A <a@example.org>',
    'To: b@inboxd.test',
    'Subject: parts',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="XX"',
  ];
  const body = parts.map((p) => `--XX${eol}${p}`).join('') + `--XX--${eol}`;
  return Buffer.from(`${head.join(eol)}${eol}${eol}${body}`, 'latin1');
}

function attachment(eol: string, type: string, bytes: Buffer, name = 'file.bin'): string {
  return [
    `Content-Type: ${type}; name="${name}"`,
    `Content-Disposition: attachment;${eol} filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(bytes, eol),
  ].join(eol);
}

const text = (eol: string, body: string) => ['Content-Type: text/plain; charset=utf-8', '', `${body}${eol}`].join(eol);

/** The fast path must give exactly what postal-mime alone gives. */
async function assertSameParse(raw: Buffer): Promise<void> {
  const fast = await parseMail(raw);
  const plain = await parseMail(raw, { swapLargeParts: false });
  assert.deepEqual(fast, plain);
}

describe('large base64 attachments decoded natively (large-parts.ts)', () => {
  const big = randomBytes(3 * LARGE_PART_BYTES + 5);
  const other = randomBytes(2 * LARGE_PART_BYTES + 1);

  for (const eol of ['\r\n', '\n']) {
    it(`parses exactly as postal-mime does, attachments and all (${eol === '\n' ? 'LF' : 'CRLF'} line ends)`, async () => {
      const raw = message(eol, [
        text(eol, 'hello'),
        attachment(eol, 'application/pdf', big, 'a.pdf'),
        attachment(eol, 'image/png', other, 'b.png'),
      ]);
      assert.equal(swapLargeBase64Parts(raw)?.parts.length, 2, 'both large bodies are swapped');
      await assertSameParse(raw);
      const parsed = await parseMail(raw);
      assert.ok(parsed.ok);
      assert.deepEqual(Buffer.from(parsed.mail.attachments[0]!.content), big);
      assert.deepEqual(Buffer.from(parsed.mail.attachments[1]!.content), other);
    });
  }

  it('handles a single-part message whose whole body is a base64 attachment', async () => {
    const raw = Buffer.from(
      `From: a@example.org\r\nSubject: one\r\nContent-Type: application/zip\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(big, '\r\n')}`,
    );
    assert.equal(swapLargeBase64Parts(raw)?.parts.length, 1);
    await assertSameParse(raw);
  });

  it('leaves text parts, small parts and bodies with stray characters to postal-mime', async () => {
    const textPart = [
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(Buffer.from('long text '.repeat(20_000)), '\r\n'),
    ].join('\r\n');
    const small = attachment('\r\n', 'application/pdf', randomBytes(1000));
    const stray = attachment('\r\n', 'application/pdf', big).replace(/\r\n(?=[A-Za-z0-9+/]{76}\r\n)/, '\r\n \r\n');
    for (const part of [textPart, small, stray]) {
      const raw = message('\r\n', [part]);
      assert.equal(swapLargeBase64Parts(raw), null);
      await assertSameParse(raw);
    }
  });

  it('falls back to a plain parse when a swapped region was not really an attachment body', async () => {
    // A text/plain body that quotes a header block and base64 lines: no part of its own.
    const quoted = `From: a@example.org\r\nSubject: quoting\r\nContent-Type: text/plain\r\n\r\nLook at this:\r\n\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(big, '\r\n')}`;
    const raw = Buffer.from(quoted);
    assert.ok(swapLargeBase64Parts(raw) !== null, 'the scan is fooled');
    await assertSameParse(raw);
    const parsed = await parseMail(raw);
    assert.ok(
      parsed.ok && parsed.mail.text?.includes(big.toString('base64').slice(0, 76)),
      'the quoted lines stay in the text',
    );
  });

  it('keeps the structural refusals of D25 with large parts in the message', async () => {
    const deep = (depth: number): string =>
      depth === 0
        ? attachment('\r\n', 'application/pdf', big)
        : `Content-Type: multipart/mixed; boundary="d${depth}"\r\n\r\n--d${depth}\r\n${deep(depth - 1)}--d${depth}--\r\n`;
    const raw = message('\r\n', [deep(25)]);
    const parsed = await parseMail(raw);
    assert.equal(parsed.ok, false);
    await assertSameParse(raw);
  });
});
