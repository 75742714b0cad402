// A stored message with its decoded content (D29). A message is decoded at its first read, in a worker
// thread, and what the decode gives is kept (saveDecoded), so every later read, by any reader or node,
// is a plain read. Readers of one process asking for the same undecoded mail at once share one decode.
// A message that cannot be decoded is still served: its raw source as text, with the summary it arrived
// with.
import { AppError } from '../errors.js';
import type { DecodedMail, MessageRecord, MessageStore, StoredMessage } from '../store/message-store.js';
import type { InboxDeps } from './deps.js';

const decoding = new WeakMap<MessageStore, Map<string, Promise<void>>>();

type LoadDeps = Pick<InboxDeps, 'store' | 'parser' | 'newId'>;

async function decodeAndKeep(deps: LoadDeps, stored: StoredMessage, now: number): Promise<void> {
  const raw = await deps.store.getRaw(stored.mailbox, stored.id, now);
  if (raw === null) return;
  const decoded = await deps.parser.decode(raw);
  let kept: DecodedMail;
  if (decoded.ok) {
    kept = {
      fromName: decoded.fromName,
      subject: decoded.subject,
      text: decoded.text,
      html: decoded.html,
      headers: decoded.headers,
      attachments: decoded.attachments.map((a) => ({ id: deps.newId(), ...a })),
    };
  } else {
    const again = decoded.text === null ? await deps.store.getRaw(stored.mailbox, stored.id, now) : null;
    const text = decoded.text ?? (again === null ? '' : new TextDecoder().decode(again));
    kept = { fromName: stored.fromName, subject: stored.subject, text, html: null, headers: [], attachments: [] };
  }
  await deps.store.saveDecoded(stored.mailId, kept);
}

function decodeOnce(deps: LoadDeps, stored: StoredMessage, now: number): Promise<void> {
  let running = decoding.get(deps.store);
  if (running === undefined) decoding.set(deps.store, (running = new Map()));
  const pending = running.get(stored.mailId);
  if (pending !== undefined) return pending;
  const started = decodeAndKeep(deps, stored, now).finally(() => running.delete(stored.mailId));
  running.set(stored.mailId, started);
  return started;
}

function toRecord(stored: StoredMessage): MessageRecord {
  const { attachmentCount: _count, mailId: _mail, content, ...summary } = stored;
  if (content === null) throw new Error('toRecord needs a decoded message');
  return { ...summary, ...content };
}

/** The message with its content, decoding it first if no one has; not_found if it went meanwhile. */
export async function loadMessage(deps: LoadDeps, stored: StoredMessage, now: number): Promise<MessageRecord> {
  if (stored.content !== null) return toRecord(stored);
  await decodeOnce(deps, stored, now);
  const decoded = await deps.store.getMessage(stored.mailbox, stored.id, now);
  if (decoded === null || decoded.content === null) throw new AppError('not_found', 'No such message in this mailbox.');
  // The seen flag as the caller knew it: a read that set it meanwhile keeps it.
  return toRecord({ ...decoded, seen: decoded.seen || stored.seen });
}
