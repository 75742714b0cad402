// What a process does once at start so that its first readers do not pay for it (P39): without it, the
// first decodes waited for a parser thread to start and for postal-mime's code to be compiled in it (half
// a second at p99 for 200 waits woken at once), and the first code extraction compiled every word list of
// every language on the event loop (0.48 s once; some 30 ms of CPU since code-words.ts writes each list
// with few boundaries).
import { extractCodes } from './extract-codes.js';
import { extractLinks } from './extract-links.js';

/** A small message with the parts a decode meets most: text, quoted-printable HTML, a base64 attachment. */
export function sampleMail(): Uint8Array {
  return Buffer.from(
    [
      'From: Example <noreply@example.com>',
      'To: someone@example.org',
      'Subject: =?UTF-8?Q?Your_code_=E2=80=93_warm-up?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: multipart/alternative; boundary="b2"',
      '',
      '--b2',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Your code is 482913. Verify at https://example.com/verify?t=1',
      '--b2',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Your code is <b>482913</b>. <a href=3D"https://example.com/verify?t=3D1">Verify</a></p>',
      '--b2--',
      '--b1',
      'Content-Type: application/octet-stream; name="a.bin"',
      'Content-Disposition: attachment; filename="a.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      'AAECAwQFBgcICQ==',
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

/** Runs the code and link extraction, compiling its word lists before any reader needs them: over one-byte
 * text and over two-byte text (here Cyrillic and Japanese), which V8 compiles a pattern for apart. The
 * patterns keep that code for good (pattern-matches.ts). */
export function warmExtraction(): void {
  const html = '<p>Ihr Code lautet <b>482913</b>. <a href="https://example.com/verify?t=1">Bestätigen</a></p>';
  extractCodes({
    subject: 'Your verification code',
    text: 'Your code is 482913. Verify at https://example.com/verify?t=1',
    html,
  });
  extractCodes({
    subject: 'Код подтверждения',
    text: 'Ваш код: 482913. 確認コードは 739104 です。',
    html: null,
  });
  extractLinks({ text: 'Verify at https://example.com/verify?t=1', html });
}
