// The messages the ingest benchmark sends, as smtp-source's pre-formatted files (-F): a 4 KB
// transactional mail (text and HTML), a 512 KB text mail, and a 7 MB mail carrying a 5 MiB attachment
// (D6's largest). Deterministic content, so every run sends the same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SampleSize = '4k' | '512k' | '7m';

const WORDS =
  'the account your confirm please link code welcome team support email address verify sign secure password reset order invoice receipt shipping delivery update settings privacy notice thanks regards today click button below expires minutes hours'.split(
    ' ',
  );

/** Prose of about `bytes` bytes in lines of at most 76 characters. */
function prose(bytes: number, seed: number): string {
  const lines: string[] = [];
  let line = '';
  let size = 0;
  let x = seed;
  while (size < bytes) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const word = WORDS[x % WORDS.length]!;
    if (line.length + word.length + 1 > 76) {
      lines.push(line);
      size += line.length + 1;
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
  }
  return lines.join('\n');
}

function headers(subject: string, contentType: string): string {
  return [
    'From: "Bench Sender" <sender@bench.test>',
    'To: <recipient@inboxd.test>',
    `Subject: ${subject}`,
    'Date: Sun, 22 Nov 2026 10:00:00 +0000',
    'Message-ID: <bench@bench.test>',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ].join('\n');
}

function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\n');
}

export function sampleMail(size: SampleSize): string {
  if (size === '4k') {
    const text = `Your code is 482913.\n\n${prose(1700, 1)}\n\nhttps://app.example.com/verify?token=3f9a1c\n`;
    const html = `<html><body><p>Your code is <b>482913</b>.</p><p>${prose(1900, 2)}</p><a href="https://app.example.com/verify?token=3f9a1c">Verify</a></body></html>`;
    return `${headers('Confirm your account', 'multipart/alternative; boundary="b1"')}\n\n--b1\nContent-Type: text/plain; charset=utf-8\n\n${text}\n--b1\nContent-Type: text/html; charset=utf-8\n\n${html}\n--b1--\n`;
  }
  if (size === '512k') {
    return `${headers('A long report', 'text/plain; charset=utf-8')}\n\n${prose(512 * 1024, 3)}\n`;
  }
  const attachment = Buffer.alloc(5 * 1024 * 1024);
  let x = 7;
  for (let i = 0; i < attachment.length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    attachment[i] = x >>> 16;
  }
  return `${headers('Your statement', 'multipart/mixed; boundary="b2"')}\n\n--b2\nContent-Type: text/plain; charset=utf-8\n\n${prose(2000, 4)}\n--b2\nContent-Type: application/pdf\nContent-Disposition: attachment; filename="statement.pdf"\nContent-Transfer-Encoding: base64\n\n${base64Lines(attachment)}\n--b2--\n`;
}

/** Writes the sample to `dir` and returns its path and size in bytes (LF line ends, as smtp-source reads it). */
export function writeSampleMail(dir: string, size: SampleSize): { path: string; bytes: number } {
  const path = join(dir, `sample-${size}.eml`);
  const content = sampleMail(size);
  writeFileSync(path, content);
  return { path, bytes: Buffer.byteLength(content) };
}
