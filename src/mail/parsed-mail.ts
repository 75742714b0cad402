// What a received message becomes once parsed: the fields the API shows, plus the attachments' bytes.

export interface HeaderField {
  name: string;
  value: string;
}

export interface ParsedAttachment {
  filename: string;
  /** The type the sender claimed: data only, never trusted (interface §2.4). */
  mime: string;
  content: Uint8Array;
}

export interface ParsedMail {
  /** Address of the From header, used for the null sender (D8). */
  fromAddress: string | null;
  /** Display name of the From header, or null (D8). */
  fromName: string | null;
  subject: string | null;
  /** The plain-text part, or null when the sender sent none. */
  text: string | null;
  /** The HTML part, or null when the sender sent plain text only. */
  html: string | null;
  /** Every header in the order received, values decoded (D5). */
  headers: HeaderField[];
  attachments: ParsedAttachment[];
}

/** Why a message was refused while parsing (D25). */
export type ParseRefusal = 'too_many_parts' | 'too_deep' | 'headers_too_large' | 'unparseable';

export type ParseResult = { ok: true; mail: ParsedMail } | { ok: false; reason: ParseRefusal; detail: string };
