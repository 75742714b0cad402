// The structural scan of D29: what the SMTP 250 waits for besides the durable commit. It reads a message
// the way postal-mime does (lines split at LF; a line starting with `--` that names an open boundary,
// innermost first, opens or closes a part; the first blank line ends a header block; a part nested
// deeper than its parent by one) but decodes nothing: each part's header block is read for its type,
// disposition and transfer encoding, and each body is only located. That is enough for every refusal of
// D25 (parts, depth, header bytes), for the attachment cap of D6 (a body's decoded size is known from
// its encoded form, part-body.ts), and for the list's summary (sender, subject, attachment count).
//
// Bodies are found with native searches for "\n--", so a large attachment costs a few passes of
// memchr, not a loop over its lines in JavaScript. Which parts are attachments follows postal-mime's
// rules (collectNode): a leaf that is neither inline text/plain or text/html nor an inline message/rfc822
// (whose own parts are scanned in its place, up to postal-mime's nesting limit of 10, and not in a
// delivery or feedback report). Where a message is odd enough that the two could disagree, postal-mime
// has the last word when the message is decoded (decode-mail.ts), and that result is kept.
import {
  addressParser,
  bodyDecoderOf,
  decodeWords,
  parseStructuredHeader,
  transferEncodingOf,
  type BodyDecoder,
} from './postal-mime-adapter.js';
import { decodedSize, decodePartBody } from './part-body.js';
import type { ParseRefusal } from './parsed-mail.js';

export const MAX_MIME_PARTS = 1000;
export const MAX_MIME_DEPTH = 20;
/** Header bytes of one message, over all its parts (postal-mime's maxHeadersSize, which we set). */
export const MAX_HEADERS_BYTES = 1024 * 1024;
/** postal-mime's default limit on message/rfc822 parts parsed inline within one another. */
const MAX_RFC822_NESTING = 10;

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const NEWLINE_DASHES = Buffer.from('\n--', 'latin1');
const headerText = new TextDecoder('utf-8', { ignoreBOM: true });

export interface ScannedAttachment {
  /** The encoded body's range in the scanned bytes (raw source), or -1 for a part inside an encoded
   * message/rfc822 part, which is not a range of the raw source. */
  start: number;
  end: number;
  decoder: BodyDecoder;
  /** Decoded size (part-body.ts decodedSize). */
  size: number;
}

export interface MimeScan {
  /** The first From header's first address and display name (decoded), as postal-mime reads them. */
  fromAddress: string | null;
  fromName: string | null;
  /** The first Subject header, encoded words decoded; null when missing or empty. */
  subject: string | null;
  /** In postal-mime's order (depth first, a nested message's in its place). */
  attachments: ScannedAttachment[];
  attachmentBytes: number;
  /** MIME parts of the whole message, nested messages included. */
  parts: number;
}

export type ScanResult = { ok: true; scan: MimeScan } | { ok: false; reason: ParseRefusal; detail: string };

interface MimeNode {
  depth: number;
  parent: MimeNode | null;
  children: MimeNode[];
  /** Content-Type's value, lower case (text/plain by default, message/rfc822 in a multipart/digest). */
  type: string;
  multipart: string | false;
  boundary: Uint8Array | null;
  disposition: string;
  decoder: BodyDecoder;
  /** Range of the body; -1 until known. */
  bodyStart: number;
  bodyEnd: number;
  /** Header lines (their ranges) until the block ends. */
  headerLines: [number, number][];
  headersDone: boolean;
}

class Refusal extends Error {
  constructor(
    readonly reason: ParseRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

function newNode(parent: MimeNode | null): MimeNode {
  const depth = parent === null ? 0 : parent.depth + 1;
  if (depth > MAX_MIME_DEPTH)
    throw new Refusal('too_deep', `Maximum MIME nesting depth of ${MAX_MIME_DEPTH} levels exceeded`);
  const type = parent?.multipart === 'digest' ? 'message/rfc822' : 'text/plain';
  const node: MimeNode = {
    depth,
    parent,
    children: [],
    type,
    multipart: false,
    boundary: null,
    disposition: '',
    decoder: 'identity',
    bodyStart: -1,
    bodyEnd: -1,
    headerLines: [],
    headersDone: false,
  };
  parent?.children.push(node);
  return node;
}

/** What one scan of a message (or of a nested message) found. */
interface Scanned {
  root: MimeNode;
  parts: number;
  /** Unfolded values of the root's headers that the summary needs, first occurrence. */
  from: string | undefined;
  subject: string | undefined;
}

/** Unfolds the header block of `node` and reads the fields the scan needs (MimeNode.processHeaders). */
function processHeaders(bytes: Uint8Array, node: MimeNode, wanted: Map<string, string> | null): void {
  node.headersDone = true;
  const groups: [number, number][][] = [];
  for (const line of node.headerLines) {
    const first = bytes[line[0]];
    if (groups.length > 0 && line[1] > line[0] && (first === 0x20 || first === 0x09))
      groups[groups.length - 1]!.push(line);
    else groups.push([line]);
  }
  node.headerLines = [];
  const seen = new Set<string>();
  for (const group of groups) {
    const unfolded = group.map(([start, end]) => headerText.decode(bytes.subarray(start, end))).join('');
    const colon = unfolded.indexOf(':');
    const key = trimWsp(colon < 0 ? unfolded : unfolded.slice(0, colon)).toLowerCase();
    if (seen.has(key)) continue;
    const content = key === 'content-type' || key === 'content-transfer-encoding' || key === 'content-disposition';
    if (!content && (wanted === null || !wanted.has(key))) continue;
    seen.add(key);
    const value = colon < 0 ? '' : trimWsp(unfolded.slice(colon + 1).replace(/[\r\n]+/g, ' '));
    if (!content) {
      wanted!.set(key, value);
      continue;
    }
    if (key === 'content-type') {
      const parsed = parseStructuredHeader(value);
      node.type = parsed.value;
      node.multipart = /^multipart\//i.test(parsed.value) ? parsed.value.slice(parsed.value.indexOf('/') + 1) : false;
      const boundary = parsed.params['boundary'];
      node.boundary =
        node.multipart !== false && boundary !== undefined && boundary !== '' ? Buffer.from(boundary, 'utf8') : null;
    } else if (key === 'content-transfer-encoding') {
      node.decoder = bodyDecoderOf(transferEncodingOf(value));
    } else {
      node.disposition = parseStructuredHeader(value).value;
    }
  }
  // A Content-Type header that was absent or empty leaves the default (MimeNode's constructor).
  if (!seen.has('content-type') || node.type === '') {
    node.type = node.parent?.multipart === 'digest' ? 'message/rfc822' : 'text/plain';
    node.multipart = false;
    node.boundary = null;
  }
}

/** Trims only SP and HTAB, as postal-mime does around header names and values. */
function trimWsp(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start += 1;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end -= 1;
  return value.slice(start, end);
}

/** The line from `start`: its content's end (without trailing CR/LF) and where the next line starts. */
function lineAt(bytes: Uint8Array, view: Buffer, start: number, limit: number): [number, number] {
  const lf = view.indexOf(LF, start);
  const next = lf === -1 || lf >= limit ? limit : lf + 1;
  let end = lf === -1 || lf >= limit ? limit : lf;
  while (end > start && (bytes[end - 1] === CR || bytes[end - 1] === LF)) end -= 1;
  return [end, next];
}

/** The open multipart whose boundary the line [start, end) is, innermost first, and whether it closes. */
function boundaryOf(
  bytes: Uint8Array,
  start: number,
  end: number,
  open: MimeNode[],
): { node: MimeNode; closes: boolean } | null {
  const length = end - start;
  if (length <= 2 || bytes[start] !== DASH || bytes[start + 1] !== DASH) return null;
  for (let i = open.length - 1; i >= 0; i--) {
    const node = open[i]!;
    const boundary = node.boundary!;
    if (length < boundary.length + 2) continue;
    let matches = true;
    for (let j = 0; j < boundary.length; j++) {
      if (bytes[start + 2 + j] !== boundary[j]) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    let after = start + 2 + boundary.length;
    const closes = length >= boundary.length + 4 && bytes[after] === DASH && bytes[after + 1] === DASH;
    if (closes) after += 2;
    let trailing = true;
    for (let j = after; j < end; j++) {
      if (bytes[j] !== 0x20 && bytes[j] !== 0x09) {
        trailing = false;
        break;
      }
    }
    if (trailing) return { node, closes };
  }
  return null;
}

/** Walks the lines of bytes[start, end) into a tree of parts, as postal-mime's processLine does. */
function walk(bytes: Uint8Array, start: number, end: number): Scanned {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The root's From and Subject, filled in when its header block ends.
  const summaryKeys = new Map<string, string>([
    ['from', ''],
    ['subject', ''],
  ]);
  const root = newNode(null);
  let parts = 1;
  let headerBytes = 0;
  /** Multiparts whose boundary is open, outermost first. */
  const open: MimeNode[] = [];
  let current = root;
  let at = start;

  const finishHeaders = (node: MimeNode): void => {
    processHeaders(bytes, node, node === root ? summaryKeys : null);
    if (node.boundary !== null) open.push(node);
  };
  const closeBody = (node: MimeNode, where: number): void => {
    if (!node.headersDone) finishHeaders(node);
    if (node.bodyStart === -1) node.bodyStart = where;
    if (node.bodyEnd === -1) node.bodyEnd = where;
  };
  /** Finishes every node under `node` (their boundaries close with it). */
  const closeInside = (node: MimeNode): void => {
    while (open.length > 0 && open[open.length - 1] !== node) open.pop();
  };

  while (at < end) {
    if (!current.headersDone) {
      const [lineEnd, next] = lineAt(bytes, view, at, end);
      const boundary = open.length > 0 ? boundaryOf(bytes, at, lineEnd, open) : null;
      if (boundary === null) {
        if (lineEnd === at) {
          finishHeaders(current);
          current.bodyStart = next;
        } else {
          headerBytes += lineEnd - at;
          if (headerBytes > MAX_HEADERS_BYTES)
            throw new Refusal('headers_too_large', `Maximum header size of ${MAX_HEADERS_BYTES} bytes exceeded`);
          current.headerLines.push([at, lineEnd]);
        }
        at = next;
        continue;
      }
      at = onBoundary(boundary, at, next);
      continue;
    }
    // In a body: only a line starting with "--" can change anything.
    if (open.length === 0) break;
    let lineStart: number;
    if (at === current.bodyStart && bytes[at] === DASH && bytes[at + 1] === DASH) lineStart = at;
    else {
      const found = view.indexOf(NEWLINE_DASHES, at === 0 ? 0 : at - 1);
      if (found === -1 || found + 1 >= end) break;
      lineStart = found + 1;
    }
    const [lineEnd, next] = lineAt(bytes, view, lineStart, end);
    const boundary = boundaryOf(bytes, lineStart, lineEnd, open);
    if (boundary === null) {
      at = next;
      continue;
    }
    current.bodyEnd = lineStart;
    at = onBoundary(boundary, lineStart, next);
  }
  closeBody(current, end);
  // Everything still open ends with the message (MimeNode.finalize).
  const finishAll = (node: MimeNode): void => {
    if (!node.headersDone) {
      processHeaders(bytes, node, node === root ? summaryKeys : null);
    }
    if (node.bodyStart === -1) node.bodyStart = end;
    if (node.bodyEnd === -1) node.bodyEnd = end;
    for (const child of node.children) finishAll(child);
  };
  finishAll(root);
  return { root, parts, from: summaryKeys.get('from'), subject: summaryKeys.get('subject') };

  function onBoundary(boundary: { node: MimeNode; closes: boolean }, lineStart: number, next: number): number {
    closeBody(current, lineStart);
    closeInside(boundary.node);
    if (boundary.closes) {
      open.pop();
      current = boundary.node.parent ?? root;
      // The parent goes on in its body (an epilogue), whatever it was before.
      if (current.bodyStart === -1) current.bodyStart = next;
      current.bodyEnd = -1;
    } else {
      current = newNode(boundary.node);
      parts += 1;
      if (parts > MAX_MIME_PARTS) throw new Refusal('too_many_parts', `${parts} MIME parts, at most ${MAX_MIME_PARTS}`);
    }
    return next;
  }
}

function hasReportParts(node: MimeNode): boolean {
  if (node.multipart === false && (node.type === 'message/delivery-status' || node.type === 'message/feedback-report'))
    return true;
  return node.children.some(hasReportParts);
}

interface Collected {
  attachments: ScannedAttachment[];
  parts: number;
}

/** Scans bytes[start, end) as a message and collects its attachments in postal-mime's order;
 * `offset` is -1 when the bytes are not the raw source (a decoded nested message). */
function collect(
  bytes: Uint8Array,
  start: number,
  end: number,
  level: number,
  inRaw: boolean,
  out: Collected,
): Scanned {
  const scanned = walk(bytes, start, end);
  out.parts += scanned.parts;
  if (out.parts > MAX_MIME_PARTS)
    throw new Refusal('too_many_parts', `${out.parts} MIME parts, at most ${MAX_MIME_PARTS}`);
  const forceRfc822Attachments = hasReportParts(scanned.root);
  const visit = (node: MimeNode): void => {
    if (node.multipart === false) {
      const inlineRfc822 =
        !forceRfc822Attachments && node.type === 'message/rfc822' && (node.disposition || 'inline') === 'inline';
      if (inlineRfc822 && level < MAX_RFC822_NESTING) {
        if (node.decoder === 'identity') collect(bytes, node.bodyStart, node.bodyEnd, level + 1, inRaw, out);
        else {
          const decoded = decodePartBody(bytes.subarray(node.bodyStart, node.bodyEnd), node.decoder);
          collect(decoded, 0, decoded.length, level + 1, false, out);
        }
      } else if (node.disposition === 'attachment' || (node.type !== 'text/plain' && node.type !== 'text/html')) {
        const body = bytes.subarray(node.bodyStart, node.bodyEnd);
        out.attachments.push({
          start: inRaw ? node.bodyStart : -1,
          end: inRaw ? node.bodyEnd : -1,
          decoder: node.decoder,
          size: decodedSize(body, node.decoder),
        });
      }
    }
    for (const child of node.children) visit(child);
  };
  visit(scanned.root);
  return scanned;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.length === 0 ? null : value;
}

function decodeHeader(value: string): string {
  try {
    return decodeWords(value);
  } catch {
    return value;
  }
}

/** The structural scan of one received message (D29). */
export function scanMime(raw: Uint8Array): ScanResult {
  const out: Collected = { attachments: [], parts: 0 };
  let scanned: Scanned;
  try {
    scanned = collect(raw, 0, raw.length, 0, true, out);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, detail: error.message };
    throw error;
  }
  let fromAddress: string | null = null;
  let fromName: string | null = null;
  if (scanned.from !== undefined && scanned.from !== '') {
    const first = addressParser(scanned.from)[0];
    if (first !== undefined && 'address' in first) {
      fromAddress = nonEmpty(first.address);
      fromName = nonEmpty(first.name);
    }
  }
  return {
    ok: true,
    scan: {
      fromAddress,
      fromName,
      subject: scanned.subject === undefined || scanned.subject === '' ? null : decodeHeader(scanned.subject),
      attachments: out.attachments,
      attachmentBytes: out.attachments.reduce((sum, a) => sum + a.size, 0),
      parts: out.parts,
    },
  };
}
