// The body of one MIME part, decoded from its range of the raw source exactly as postal-mime's three
// decoders do it (D29: the raw source is the one stored copy of a message's bytes). postal-mime reads a
// message as lines split at LF, each without its trailing CRs; the decoders then:
// - identity (7bit, 8bit, binary, anything unknown): every line followed by one LF;
// - quoted-printable: `=XX` escapes decoded, a line ending in `=` joined to the next, else LF after it;
// - base64: every character outside the alphabet dropped, then decoded.
// Decoding is checked where it matters: decode-mail.ts compares each range's bytes with postal-mime's
// own result before it keeps the range, so an oddly encoded part falls back to its decoded copy.
import { bodyDecoderOf, type BodyDecoder } from './postal-mime-adapter.js';

const LF = 0x0a;
const CR = 0x0d;
const EQUALS = 0x3d;

export { bodyDecoderOf, type BodyDecoder };

function hexNibble(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Calls `line(start, end)` for every line of `bytes`, as postal-mime splits them (end excludes the
 * line's trailing CR and LF characters). */
function eachLine(bytes: Uint8Array, line: (start: number, end: number) => void): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  while (start < bytes.length) {
    const lf = view.indexOf(LF, start);
    const next = lf === -1 ? bytes.length : lf + 1;
    let end = lf === -1 ? bytes.length : lf;
    while (end > start && (bytes[end - 1] === CR || bytes[end - 1] === LF)) end -= 1;
    line(start, end);
    start = next;
  }
}

function identity(bytes: Uint8Array): Uint8Array {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The common case: no CR at all, and a last line that ends in LF: the bytes as they are.
  if (view.indexOf(CR) === -1 && (bytes.length === 0 || bytes[bytes.length - 1] === LF)) return Uint8Array.from(bytes);
  const out = new Uint8Array(bytes.length + 1);
  let at = 0;
  eachLine(bytes, (start, end) => {
    out.set(bytes.subarray(start, end), at);
    at += end - start;
    out[at++] = LF;
  });
  return out.slice(0, at);
}

function quotedPrintable(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 1);
  let at = 0;
  eachLine(bytes, (start, lineEnd) => {
    const soft = lineEnd > start && bytes[lineEnd - 1] === EQUALS;
    const end = soft ? lineEnd - 1 : lineEnd;
    for (let i = start; i < end; i++) {
      const c = bytes[i]!;
      if (c === EQUALS && i + 2 < end) {
        const high = hexNibble(bytes[i + 1]!);
        const low = hexNibble(bytes[i + 2]!);
        if (high >= 0 && low >= 0) {
          out[at++] = (high << 4) | low;
          i += 2;
          continue;
        }
      }
      out[at++] = c;
    }
    if (!soft) out[at++] = LF;
  });
  return out.slice(0, at);
}

function base64(bytes: Uint8Array): Uint8Array {
  // Node's decoder skips what is not in the alphabet, as postal-mime's does, at native speed.
  const decoded = Buffer.from(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
    'base64',
  );
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
}

/** The decoded body of a part whose encoded body is `bytes`. */
export function decodePartBody(bytes: Uint8Array, decoder: BodyDecoder): Uint8Array {
  if (decoder === 'base64') return base64(bytes);
  if (decoder === 'quoted-printable') return quotedPrintable(bytes);
  return identity(bytes);
}

/** Bytes taken by line breaks (CR and LF) in base64 text: read from where a regular layout puts them
 * (every line as long as the first), counted one by one only when the layout is not regular. */
function lineBreakBytes(bytes: Uint8Array, view: Buffer): number {
  const firstLf = view.indexOf(LF);
  if (firstLf === -1) return bytes[bytes.length - 1] === CR ? 1 : 0;
  const width = firstLf > 0 && bytes[firstLf - 1] === CR ? 2 : 1;
  const stride = firstLf + 1;
  let regular = true;
  let lines = 0;
  for (let lf = firstLf; lf < bytes.length; lf += stride) {
    if (bytes[lf] !== LF || (width === 2 && bytes[lf - 1] !== CR)) {
      regular = false;
      break;
    }
    lines += 1;
  }
  if (regular) {
    // The short last line, if any, must hold no line break but a final one.
    const tail = bytes.subarray(lines * stride);
    const tailView = Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength);
    const inner = tailView.indexOf(LF);
    if (inner === -1 || inner === tail.length - 1) return lines * width + (inner === -1 ? 0 : width);
  }
  let count = 0;
  for (let at = view.indexOf(LF); at !== -1; at = view.indexOf(LF, at + 1)) count += 1;
  let crs = 0;
  for (let at = view.indexOf(CR); at !== -1; at = view.indexOf(CR, at + 1)) crs += 1;
  return count + crs;
}

/** The decoded size of a body, for the attachment cap (D6, D29) without decoding it: exact for base64
 * laid out in lines (the form every mailer sends) and for identity bodies; quoted-printable bodies are
 * decoded to be counted (they are rare and small). Other whitespace inside base64 text counts as data,
 * which can only overstate the size. */
export function decodedSize(bytes: Uint8Array, decoder: BodyDecoder): number {
  if (bytes.length === 0) return 0;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (decoder === 'quoted-printable') return quotedPrintable(bytes).length;
  if (decoder === 'identity') {
    if (view.indexOf(CR) === -1) return bytes.length + (bytes[bytes.length - 1] === LF ? 0 : 1);
    return identity(bytes).length;
  }
  let end = bytes.length;
  while (
    end > 0 &&
    (bytes[end - 1] === LF ||
      bytes[end - 1] === CR ||
      bytes[end - 1] === EQUALS ||
      bytes[end - 1] === 0x20 ||
      bytes[end - 1] === 0x09)
  )
    end -= 1;
  const trimmed = bytes.subarray(0, end);
  const characters = end - lineBreakBytes(trimmed, Buffer.from(trimmed.buffer, trimmed.byteOffset, trimmed.byteLength));
  return Math.floor((characters * 3) / 4);
}
