// Every download the API serves (attachments, D19, and a message's raw source) leaves the same way: as
// application/octet-stream with one safe Content-Disposition: attachment, never inline, whatever the
// sender declared.
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** The sender's filename made safe to offer: no path, no control or bidi characters, never empty. */
export function safeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/"/g, "'")
    .replace(/^\.+/, '')
    .trim();
  // At most 200 characters, counted as code points: a cut between the two halves of a surrogate pair (an
  // emoji at the 200th place) would leave a lone half, which encodeURIComponent refuses (a 500).
  const capped = Array.from(cleaned).slice(0, 200).join('').trim();
  return capped === '' ? 'attachment' : capped;
}

export function sendDownload(reply: FastifyReply, filename: string, content: Uint8Array): FastifyReply {
  reply.headers({
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': contentDisposition(safeFilename(filename), { type: 'attachment' }),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
  });
  return reply.send(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
}
