// Why a message was not stored. The SMTP edge maps each reason to its reply (smtp/replies.ts).
import type { ParseRefusal } from '../../mail/parsed-mail.js';

export type DeliveryRefusal =
  ParseRefusal | 'attachments_too_large' | 'parse_timeout' | 'storage_failed' | 'shutting_down';

export class DeliveryError extends Error {
  readonly reason: DeliveryRefusal;
  constructor(reason: DeliveryRefusal, detail: string, cause?: unknown) {
    super(detail, cause === undefined ? undefined : { cause });
    this.name = 'DeliveryError';
    this.reason = reason;
  }
}
