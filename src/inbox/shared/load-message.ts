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
//
// A message for a mailbox a wait in this process is waiting on is decoded ahead (P52), from a copy of its
// bytes, while its commit is being made: the woken wait shares that decode instead of reading the raw
// source and handing it to a parser thread only then. It is kept only once the message is committed; a
// decode ahead that fails leaves the message to be decoded at its first read, as any other.
import { AppError } from '../../errors.js';
import type { Decoded } from '../../mail/decode-mail.js';
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

/** What a decode needs to know of the message: where its raw source is, and the summary it arrived with. */
type Source = Pick<StoredMessage, 'mailbox' | 'id' | 'mailId' | 'fromName' | 'subject'>;

function keptOf(deps: LoadDeps, decoded: Extract<Decoded, { ok: true }>): DecodedMail {
  return {
    fromName: decoded.fromName,
    subject: decoded.subject,
    text: decoded.text,
    html: decoded.html,
    headers: decoded.headers,
    attachments: decoded.attachments.map((a) => ({ id: deps.newId(), ...a })),
  };
}

/** Kept in the store; whoever awaits it sees its failure, and a reader that does not (no attachments) need not. */
function keep(deps: LoadDeps, mailId: string, kept: DecodedMail): Promise<unknown> {
  const saved = deps.store.saveDecoded(mailId, kept);
  saved.catch(() => undefined);
  return saved;
}

async function decodeAndKeep(deps: LoadDeps, stored: Source, now: number): Promise<Decoding> {
  const raw = await deps.store.getRaw(stored.mailbox, stored.id, now);
  if (raw === null) return { kept: null, saved: Promise.resolve() };
  const decoded = await deps.parser.decode(raw);
  let kept: DecodedMail;
  if (decoded.ok) kept = keptOf(deps, decoded);
  else {
    const again = decoded.text === null ? await deps.store.getRaw(stored.mailbox, stored.id, now) : null;
    const text = decoded.text ?? (again === null ? '' : new TextDecoder().decode(again));
    kept = { fromName: stored.fromName, subject: stored.subject, text, html: null, headers: [], attachments: [] };
  }
  return { kept, saved: keep(deps, stored.mailId, kept) };
}

/** The decodes under way in this process, by mail: shared until kept, so a reader that comes later reads
 * the kept decode from the store. */
function running(deps: LoadDeps): Map<string, Promise<Decoding>> {
  let byMail = decoding.get(deps.store);
  if (byMail === undefined) decoding.set(deps.store, (byMail = new Map()));
  return byMail;
}

function share(deps: LoadDeps, mailId: string, started: Promise<Decoding>): Promise<Decoding> {
  const byMail = running(deps);
  byMail.set(mailId, started);
  const forget = () => {
    if (byMail.get(mailId) === started) byMail.delete(mailId);
  };
  started.then((d) => d.saved.then(forget, forget), forget);
  return started;
}

function decodeOnce(deps: LoadDeps, stored: StoredMessage, now: number): Promise<Decoding> {
  return running(deps).get(stored.mailId) ?? share(deps, stored.mailId, decodeAndKeep(deps, stored, now));
}

/** Decodes a message ahead of its first read, from `bytes` (a copy of its raw source, taken over), while
 * it is being committed (P52): `committed` says whether it was. The decode is kept only once the message
 * is stored; one that fails is left to the message's first read. */
export function decodeAhead(
  deps: LoadDeps,
  stored: Source,
  bytes: Uint8Array,
  committed: Promise<boolean>,
  now: number,
): void {
  const ahead = (async (): Promise<Decoding> => {
    const decoded = await deps.parser.decode(bytes);
    if (!(await committed)) return { kept: null, saved: Promise.resolve() };
    if (!decoded.ok) return decodeAndKeep(deps, stored, now);
    const kept = keptOf(deps, decoded);
    return { kept, saved: keep(deps, stored.mailId, kept) };
  })();
  share(deps, stored.mailId, ahead);
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
