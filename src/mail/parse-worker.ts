// Entry point of a parser worker thread: parses one message off the main thread (D25). The message's
// bytes and the decoded attachments travel back moved, not copied: a 7 MB message with a 5 MiB
// attachment costs no second 7 MB or 5 MiB on either side.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { installMemoryBlob } from './memory-blob.js';
import { parseMail } from './parse-mail.js';
import type { Parsed } from './parser-pool.js';
import { transferable } from '../transferable.js';

installMemoryBlob();

export async function parse(raw: Uint8Array): Promise<Parsed> {
  const outcome = await parseMail(raw);
  const attachments = outcome.ok ? outcome.mail.attachments.map((a) => a.content) : [];
  const parsed: Parsed = { outcome, raw };
  return move({ [transferableSymbol]: transferable([raw, ...attachments]), [valueSymbol]: parsed }) as unknown as Parsed;
}
