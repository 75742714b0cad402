// The one path of every read of something stored under one message: the gate (gate.ts), the store, and
// not_found when it is not in that mailbox or has expired (D4). The message read, its codes, its raw
// source and its attachments all take it.
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Address } from '../../mail/address.js';
import type { MessageRecord } from '../../store/message-store.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { addressOf, messageRef, type MessageRef } from './fields.js';
import { gateMailbox } from './gate.js';
import { loadMessage } from './load-message.js';
import { operation, type Operation } from './operation.js';

/** An operation on one stored message: its input is the mailbox and the id (messageRef). */
export function onOneMessage<O extends z.ZodType>(
  name: string,
  output: O,
  run: (caller: Caller, ref: MessageRef) => Promise<z.input<O>>,
): Operation<typeof messageRef, O> {
  return operation({ name, input: messageRef, output, run });
}

export async function readStored<T>(
  deps: InboxDeps,
  caller: Caller,
  ref: MessageRef,
  read: (mailbox: string, id: string, now: number) => Promise<T | null>,
  missing = 'No such message in this mailbox.',
): Promise<{ mailbox: Address; now: number; found: T }> {
  const mailbox = addressOf(ref.address);
  await gateMailbox(deps, caller, mailbox);
  const now = deps.clock.now();
  const found = await read(mailbox.address, ref.id, now);
  if (found === null) throw new AppError('not_found', missing);
  return { mailbox, now, found };
}

/** A stored message in full, decoded at its first read (load-message.ts). */
export async function readStoredMessage(
  deps: InboxDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<{ mailbox: Address; now: number; record: MessageRecord }> {
  const { mailbox, now, found } = await readStored(deps, caller, ref, (mailbox, id, now) =>
    deps.store.getMessage(mailbox, id, now),
  );
  return { mailbox, now, record: await loadMessage(deps, found, now) };
}
