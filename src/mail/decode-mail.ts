// The full decode of a stored message (D29), run at its first read in a worker thread: postal-mime gives
// the bodies, the headers and the attachments; the structural scan gives where each attachment's bytes
// sit in the raw source. An attachment is kept as its range only when decoding that range gives exactly
// the bytes postal-mime gave, else as its decoded copy, so a download is always what a full parse gives.
// A message postal-mime cannot decode is still served: its raw text as `text`, no attachments.
import { decodePartBody } from './part-body.js';
import { scanMime } from './mime-scan.js';
import { parseMail } from './parse-mail.js';
import type { HeaderField } from './parsed-mail.js';
import type { AttachmentBody } from '../store/message-store.js';

export interface DecodedAttachment {
  filename: string;
  mime: string;
  size: number;
  body: AttachmentBody;
}

export type Decoded =
  | {
      ok: true;
      fromName: string | null;
      subject: string | null;
      text: string | null;
      html: string | null;
      headers: HeaderField[];
      attachments: DecodedAttachment[];
    }
  /** postal-mime refused or failed: the caller keeps the summary it has and serves `text`, the raw
   * source as text (null when the decode was abandoned and the bytes went with it). */
  | { ok: false; text: string | null; detail: string };

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

export async function decodeMail(raw: Uint8Array): Promise<Decoded> {
  let parsed;
  try {
    parsed = await parseMail(raw);
  } catch (error) {
    parsed = { ok: false as const, reason: 'unparseable' as const, detail: (error as Error).message };
  }
  if (!parsed.ok) return { ok: false, text: new TextDecoder().decode(raw), detail: parsed.detail };
  const mail = parsed.mail;
  const scan = scanMime(raw);
  const ranges = scan.ok && scan.scan.attachments.length === mail.attachments.length ? scan.scan.attachments : null;
  const attachments = mail.attachments.map((a, i): DecodedAttachment => {
    const range = ranges?.[i];
    const inRaw =
      range !== undefined &&
      range.start >= 0 &&
      sameBytes(decodePartBody(raw.subarray(range.start, range.end), range.decoder), a.content);
    return {
      filename: a.filename,
      mime: a.mime,
      size: a.content.byteLength,
      body: inRaw ? { start: range.start, end: range.end, decoder: range.decoder } : { content: a.content },
    };
  });
  return {
    ok: true,
    fromName: mail.fromName,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments,
  };
}
