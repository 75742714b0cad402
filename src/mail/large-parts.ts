// A fast path for large base64 attachments. postal-mime decodes base64 in JavaScript, line by line, which
// costs about 40 ms per MiB and several copies of the part on the heap: a 5 MiB attachment took 230 ms and
// over 100 MB of a parser thread. Node decodes base64 natively at over 1 GB/s. So before postal-mime runs,
// each large base64 body of a non-text leaf part is swapped for a short placeholder that decodes to a
// random token; postal-mime parses the (now small) message as usual, and every attachment whose content
// is a token gets the natively decoded body back.
//
// The swap changes nothing postal-mime reports, and it is checked rather than trusted: a swapped region
// must come back as exactly one attachment's content, else the caller parses the original message
// instead (a "header block" quoted inside a text body, say). Lines that are not pure base64 leave the
// part to postal-mime.
import { randomBytes } from 'node:crypto';

/** Bodies shorter than this are left to postal-mime: the swap would not pay for itself. */
export const LARGE_PART_BYTES = 64 * 1024;

export interface SwappedPart {
  /** What the placeholder decodes to; unique to this parse. */
  token: Uint8Array;
  /** The real body, decoded natively. */
  decode(): Uint8Array;
}

export interface Swapped {
  /** The message with each large body replaced by its placeholder. */
  reduced: Uint8Array;
  parts: SwappedPart[];
}

const TRANSFER_ENCODING = /^content-transfer-encoding:[ \t]*base64[ \t]*$/im;
const CONTENT_TYPE = /^content-type:[ \t]*([^;\s]+)/im;
// The base64 alphabet, as a byte table: a loop over the bytes is ten times faster than a regex per line.
const ALPHABET = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;
const CR = 0x0d;
const LF = 0x0a;
const PAD = 0x3d;
// After the run: only blank lines, then a boundary line or the end of the message.
const AFTER_BODY = /(?:[ \t]*\r?\n)*(?:--|$)/y;

/** Where the header block around `at` starts: after the blank line or boundary line before it. */
function headerBlockStart(text: string, at: number): number {
  const blank = Math.max(text.lastIndexOf('\n\n', at), text.lastIndexOf('\n\r\n', at));
  const afterBlank = blank < 0 ? 0 : text.indexOf('\n', blank + 1) + 1;
  const boundary = text.lastIndexOf('\n--', at);
  const afterBoundary = boundary < 0 ? 0 : text.indexOf('\n', boundary + 1) + 1;
  return Math.max(afterBlank, afterBoundary);
}

const BLANK_LINE = /\n\r?\n/g;

/** The header block's end: the index just past its blank line, or -1. */
function bodyStart(text: string, from: number): number {
  BLANK_LINE.lastIndex = from;
  return BLANK_LINE.exec(text) === null ? -1 : BLANK_LINE.lastIndex;
}

function isLeafBinaryType(headers: string): boolean {
  const type = CONTENT_TYPE.exec(headers)?.[1]?.toLowerCase();
  // No Content-Type means text/plain (RFC 2045 §5.2).
  if (type === undefined) return false;
  return !type.startsWith('text/') && !type.startsWith('multipart/') && !type.startsWith('message/');
}

/** Where the run of base64 lines starting at `start` ends (`start` itself when there is none): lines of
 * 1 to 998 alphabet characters, the last of which may end in one or two `=`. */
function base64RunEnd(bytes: Uint8Array, start: number): number {
  let end = start;
  for (;;) {
    let at = end;
    while (at < bytes.length && ALPHABET[bytes[at]!] === 1) at += 1;
    const length = at - end;
    let pads = 0;
    while (pads < 2 && at < bytes.length && bytes[at] === PAD) {
      at += 1;
      pads += 1;
    }
    if (at < bytes.length && bytes[at] === CR) at += 1;
    if (length + pads === 0 || length > 998 || at >= bytes.length || bytes[at] !== LF) return end;
    end = at + 1;
    if (pads > 0) return end;
  }
}

/** Null when the message has no body worth swapping. */
export function swapLargeBase64Parts(raw: Uint8Array, minBytes = LARGE_PART_BYTES): Swapped | null {
  if (raw.byteLength < minBytes) return null;
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const text = bytes.toString('latin1');
  // A plain Uint8Array for the byte loop, which V8 optimises better than a Buffer.
  const view = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const regions: { start: number; end: number; newline: string }[] = [];
  const encodings = /content-transfer-encoding:[ \t]*base64/gi;
  for (let match = encodings.exec(text); match !== null; match = encodings.exec(text)) {
    const blockStart = headerBlockStart(text, match.index);
    const start = bodyStart(text, match.index);
    if (start < 0) break;
    encodings.lastIndex = start;
    const headers = text.slice(blockStart, start).replace(/\r?\n[ \t]+/g, ' ');
    if (!TRANSFER_ENCODING.test(headers) || !isLeafBinaryType(headers)) continue;
    const end = base64RunEnd(view, start);
    AFTER_BODY.lastIndex = end;
    if (end - start < minBytes || AFTER_BODY.exec(text) === null) continue;
    regions.push({ start, end, newline: text[text.indexOf('\n', start) - 1] === '\r' ? '\r\n' : '\n' });
    encodings.lastIndex = end;
  }
  if (regions.length === 0) return null;

  const pieces: Uint8Array[] = [];
  const parts: SwappedPart[] = [];
  let at = 0;
  for (const region of regions) {
    const token = randomBytes(24);
    pieces.push(
      bytes.subarray(at, region.start),
      Buffer.from(`${token.toString('base64')}${region.newline}`, 'latin1'),
    );
    const body = bytes.subarray(region.start, region.end);
    parts.push({
      token,
      decode() {
        const decoded = Buffer.from(body.toString('latin1'), 'base64');
        return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
      },
    });
    at = region.end;
  }
  pieces.push(bytes.subarray(at));
  return { reduced: Buffer.concat(pieces), parts };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** Puts the real bodies back into `contents` (attachment contents in order). Null when a token did not
 * come back as exactly one attachment: the caller must then parse the original message. */
export function restoreParts(contents: readonly Uint8Array[], parts: readonly SwappedPart[]): Uint8Array[] | null {
  const restored = [...contents];
  for (const part of parts) {
    const found = contents.flatMap((content, index) => (sameBytes(content, part.token) ? [index] : []));
    if (found.length !== 1) return null;
    restored[found[0]!] = part.decode();
  }
  return restored;
}
