// The one place that reaches past postal-mime's public API. Its MimeNode parses structured header values
// (Content-Type, Content-Disposition: comments, quoting, RFC 2231 continuations, first parameter wins)
// and transfer encodings with rules hardened against smuggling; the structural scan (mime-scan.ts) must
// read a message's structure exactly as postal-mime does when it decodes the message later (D29), so it
// borrows those two methods instead of keeping a second copy of the rules. test/mime-scan-corpus.test.ts
// is the canary: it compares the scan with postal-mime's own parse over a corpus of real mail.
import PostalMime, { addressParser, decodeWords } from 'postal-mime';

export { addressParser, decodeWords };

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
  return (node.stripComments(value).toLowerCase().match(/[\w-]+/) ?? [''])[0]!;
}

/** Which of postal-mime's three decoders a transfer encoding selects (MimeNode.setupContentDecoder). */
export type BodyDecoder = 'base64' | 'quoted-printable' | 'identity';

export function bodyDecoderOf(encoding: string): BodyDecoder {
  if (/base64/i.test(encoding)) return 'base64';
  if (/quoted-printable/i.test(encoding)) return 'quoted-printable';
  return 'identity';
}
