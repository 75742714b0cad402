// Entry point of a mail worker thread (D25, D29): the structural scan of a large message, off the main
// thread, and the full decode of a message at its first read. The message's bytes move to the thread,
// not copied; the scanned message's bytes move back, and so do the decoded attachments kept as copies.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { decodeMail, type Decoded } from './decode-mail.js';
import { installMemoryBlob } from './memory-blob.js';
import { scanMime } from './mime-scan.js';
import type { Scanned } from './parser-pool.js';
import { transferable } from '../transferable.js';

installMemoryBlob();

export function scan(raw: Uint8Array): Scanned {
  const scanned: Scanned = { result: scanMime(raw), raw };
  return move({ [transferableSymbol]: transferable([raw]), [valueSymbol]: scanned }) as unknown as Scanned;
}

export async function decode(raw: Uint8Array): Promise<Decoded> {
  const decoded = await decodeMail(raw);
  const copies = decoded.ok ? decoded.attachments.flatMap((a) => ('content' in a.body ? [a.body.content] : [])) : [];
  return move({ [transferableSymbol]: transferable(copies), [valueSymbol]: decoded }) as unknown as Decoded;
}
