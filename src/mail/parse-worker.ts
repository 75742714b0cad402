// Entry point of a parser worker thread: parses one message off the main thread (D25).
import { parseMail } from './parse-mail.js';
import type { ParseResult } from './parsed-mail.js';

export function parse(raw: Uint8Array): Promise<ParseResult> {
  return parseMail(raw);
}
