// MIME → ParsedMail with postal-mime: the full decode of a message (D29: at its first read, in a worker
// thread), under the structural limits of D25 that the structural scan (mime-scan.ts) already enforced
// when the message arrived: at most 1,000 MIME parts and nesting no deeper than 20.
import { restoreParts, swapLargeBase64Parts } from './large-parts.js';
import { MAX_HEADERS_BYTES, MAX_MIME_DEPTH, MAX_MIME_PARTS } from './mime-scan.js';
import type { ParsedAttachment, ParseResult } from './parsed-mail.js';
import { decodeWords, parseWithPostalMime } from './postal-mime-adapter.js';

function decodeHeader(value: string): string {
  try {
    return decodeWords(value);
  } catch {
    return value;
  }
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.length === 0 ? null : value;
}

/** Parses with large base64 attachments decoded natively (large-parts.ts), falling back to a plain
 * parse of the original whenever the swap cannot be confirmed. */
export async function parseMail(raw: Uint8Array, options: { swapLargeParts?: boolean } = {}): Promise<ParseResult> {
  const swapped = options.swapLargeParts === false ? null : swapLargeBase64Parts(raw);
  if (swapped === null) return parseOnce(raw);
  const result = await parseOnce(swapped.reduced);
  // The swap leaves every header and boundary as it was, so a structural refusal stands as it is.
  if (!result.ok) return result.reason === 'unparseable' ? parseOnce(raw) : result;
  const contents = restoreParts(
    result.mail.attachments.map((a) => a.content),
    swapped.parts,
  );
  if (contents === null) return parseOnce(raw);
  result.mail.attachments.forEach((a, i) => (a.content = contents[i]!));
  return result;
}

async function parseOnce(raw: Uint8Array): Promise<ParseResult> {
  const parsed = await parseWithPostalMime(raw, {
    maxNestingDepth: MAX_MIME_DEPTH,
    maxHeadersSize: MAX_HEADERS_BYTES,
    attachmentEncoding: 'arraybuffer',
  });
  if (!parsed.ok) return { ok: false, reason: parsed.refusal, detail: parsed.detail };
  const { email, parts, sentPlain, sentHtml } = parsed;
  if (parts > MAX_MIME_PARTS) {
    return { ok: false, reason: 'too_many_parts', detail: `${parts} MIME parts, at most ${MAX_MIME_PARTS}` };
  }

  const from = email.from !== undefined && 'address' in email.from ? email.from : undefined;
  const attachments: ParsedAttachment[] = email.attachments.map((a) => ({
    filename: a.filename ?? 'attachment',
    mime: a.mimeType || 'application/octet-stream',
    content: a.content instanceof Uint8Array ? a.content : new Uint8Array(a.content as ArrayBuffer),
  }));
  return {
    ok: true,
    mail: {
      fromAddress: nonEmpty(from?.address),
      fromName: nonEmpty(from?.name),
      subject: email.subject ?? null,
      text: sentPlain ? (email.text ?? '') : null,
      html: sentHtml ? (email.html ?? '') : null,
      headers: email.headers.map((h) => ({ name: h.originalKey, value: decodeHeader(h.value) })),
      attachments,
    },
  };
}
