// The one place that imports postal-mime, and so the one place that reaches past its public API (the
// canary postal-mime-adapter.test.ts fails when an upgrade moves what is borrowed here; package.json pins
// the exact version so that an upgrade is a deliberate change that runs it). What is borrowed:
// - MimeNode's parseStructuredHeader and stripComments. They parse structured header values
//   (Content-Type, Content-Disposition: comments, quoting, RFC 2231 continuations, first parameter wins)
//   and transfer encodings with rules hardened against smuggling; the structural scan (mime-scan.ts) must
//   read a message's structure exactly as postal-mime does when it decodes the message later (D29), so it
//   borrows them instead of keeping a second copy of the rules.
// - MimeNode.setupContentDecoder's choice of decoder, copied in bodyDecoderOf (three regular expressions).
// - After a parse, the parser's part tree (root.childNodes) and its per-part text entries (textMap), which
//   parse-mail.ts needs for D25's part limit and to tell a body the sender sent from one postal-mime made.
// - The wording of its limit errors, the only way to tell them from a message it cannot parse.
// test/mime-scan-corpus.test.ts checks the scan against postal-mime's own parse over a corpus of real mail.
import PostalMime, { addressParser, decodeWords, type Email, type PostalMimeOptions } from 'postal-mime';

export { addressParser, decodeWords };
export type { Email };

export interface StructuredHeader {
  /** The value before the first `;`, lower case. */
  value: string;
  params: Record<string, string>;
}

interface MimeNodeMethods {
  parseStructuredHeader(value: string): StructuredHeader;
  stripComments(value: string): string;
}

// A parser that never parses: only its root node's methods are used, and they keep no state.
const node = (new PostalMime() as unknown as { root: MimeNodeMethods }).root;

export function parseStructuredHeader(value: string): StructuredHeader {
  return node.parseStructuredHeader(value);
}

/** The transfer encoding as postal-mime picks its decoder from it: the first token, lower case. */
export function transferEncodingOf(value: string): string {
  return (node
    .stripComments(value)
    .toLowerCase()
    .match(/[\w-]+/) ?? [''])[0]!;
}

/** Which of postal-mime's three decoders a transfer encoding selects (MimeNode.setupContentDecoder). */
export type BodyDecoder = 'base64' | 'quoted-printable' | 'identity';

export function bodyDecoderOf(encoding: string): BodyDecoder {
  if (/base64/i.test(encoding)) return 'base64';
  if (/quoted-printable/i.test(encoding)) return 'quoted-printable';
  return 'identity';
}

interface MimeNodeShape {
  childNodes: MimeNodeShape[];
}

/** The parser's state after a parse, as postal-mime keeps it (fields marked internal in its types). */
interface ParserInternals {
  root: MimeNodeShape;
  textMap: Map<unknown, { plain?: unknown[]; html?: unknown[] }>;
}

/** Why postal-mime refused a message: one of the two limits we set on it, or anything else it threw. */
export type PostalMimeRefusal = 'too_deep' | 'headers_too_large' | 'unparseable';

export type PostalMimeParse =
  | {
      ok: true;
      email: Email;
      /** The MIME parts of the message's tree, the root included (message/rfc822 parts parsed inline
       * are one part here: postal-mime parses them with a parser of their own). */
      parts: number;
      /** Whether the message has text/plain and text/html bodies of its own. `email.text` and
       * `email.html` do not say it: postal-mime renders a part of one kind into the other too. */
      sentPlain: boolean;
      sentHtml: boolean;
    }
  | { ok: false; refusal: PostalMimeRefusal; detail: string };

function countParts(node: MimeNodeShape): number {
  let count = 0;
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop() as MimeNodeShape;
    count += 1;
    stack.push(...current.childNodes);
  }
  return count;
}

/** One full parse with a new parser, and what the parser knew that its result does not say. */
export async function parseWithPostalMime(raw: Uint8Array, options: PostalMimeOptions): Promise<PostalMimeParse> {
  const parser = new PostalMime(options);
  let email: Email;
  try {
    email = await parser.parse(raw);
  } catch (error) {
    const detail = (error as Error).message;
    // "Maximum MIME nesting depth of N levels exceeded", "Maximum header size of N bytes exceeded".
    if (/nesting depth/i.test(detail)) return { ok: false, refusal: 'too_deep', detail };
    if (/header size/i.test(detail)) return { ok: false, refusal: 'headers_too_large', detail };
    return { ok: false, refusal: 'unparseable', detail };
  }
  const internals = parser as unknown as ParserInternals;
  const entries = [...internals.textMap.values()];
  return {
    ok: true,
    email,
    parts: countParts(internals.root),
    sentPlain: entries.some((e) => (e.plain?.length ?? 0) > 0),
    sentHtml: entries.some((e) => (e.html?.length ?? 0) > 0),
  };
}
