// A stored message with its decoded content (D29). A message is decoded at its first read, in a worker
// thread, and what the decode gives is kept (saveDecoded), so every later read, by any reader or node,
// is a plain read. Readers of one process asking for the same undecoded mail at once share one decode.
// A message that cannot be decoded is still served: its raw source as text, with the summary it arrived
// with.
//
// A message without attachments is handed to its first reader as soon as it is decoded, while the decode
// is kept in the background (P39: a woken wait no longer waits for that commit too); a failed keep only
// means the next read decodes again. A message with attachments is handed over only once kept, and as
// the store then holds it: the ids of its attachments must be the ones a download will find, and when
// two nodes decode at once the first kept wins.
import { AppError } from '../../errors.js';
import type { DecodedMail, MessageRecord, MessageStore, StoredMessage } from '../../store/message-store.js';
import type { InboxDeps } from './deps.js';

interface Decoding {
  /** What the decode gave, as it is being kept; null when the message went before it was read. */
  kept: DecodedMail | null;
  /** Settles when the decode is kept (or failed to be). */
  saved: Promise<unknown>;
}

const decoding = new WeakMap<MessageStore, Map<string, Promise<Decoding>>>();

type LoadDeps = Pick<InboxDeps, 'store' | 'parser' | 'newId'>;

async function decodeAndKeep(deps: LoadDeps, stored: StoredMessage, now: number): Promise<Decoding> {
  const raw = await deps.store.getRaw(stored.mailbox, stored.id, now);
  if (raw === null) return { kept: null, saved: Promise.resolve() };
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
  const saved = deps.store.saveDecoded(stored.mailId, kept);
  // Whoever awaits it sees its failure; a reader that does not (no attachments) need not.
  saved.catch(() => undefined);
  return { kept, saved };
}

function decodeOnce(deps: LoadDeps, stored: StoredMessage, now: number): Promise<Decoding> {
  let running = decoding.get(deps.store);
  if (running === undefined) decoding.set(deps.store, (running = new Map()));
  const pending = running.get(stored.mailId);
  if (pending !== undefined) return pending;
  // Shared until it is kept: a reader that comes later reads it from the store.
  const started = decodeAndKeep(deps, stored, now);
  running.set(stored.mailId, started);
  const forget = () => void running.delete(stored.mailId);
  started.then((d) => d.saved.then(forget, forget), forget);
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
  const { kept, saved } = await decodeOnce(deps, stored, now);
  if (kept !== null && kept.attachments.length === 0) {
    const { attachments: _none, fromName, subject, ...content } = kept;
    return toRecord({ ...stored, fromName, subject, content: { ...content, attachments: [] } });
  }
  await saved;
  const decoded = await deps.store.getMessage(stored.mailbox, stored.id, now);
  if (decoded === null || decoded.content === null) throw new AppError('not_found', 'No such message in this mailbox.');
  // The seen flag as the caller knew it: a read that set it meanwhile keeps it.
  return toRecord({ ...decoded, seen: decoded.seen || stored.seen });
}
