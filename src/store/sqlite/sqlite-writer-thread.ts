// The SQLite writer thread (sqlite-writer.ts): its own connection to the database file, and a loop that
// takes every write waiting on its port and commits them together. A write that fails (a constraint, say)
// fails alone: the group is then run again with each write in a savepoint of its own (not every time, as a
// savepoint copies each page it changes first: P45). A failed COMMIT fails them all, and none is reported
// done before its COMMIT returned, which with synchronous=FULL includes the WAL's fsync (D10).
// Seen flags (a read's, a wait's claim: D3, D24) waiting among the writes are committed first, in a
// group of their own and without that fsync: D10 is about mail, and a seen flag is the one thing a crash
// may lose. So is the kept decode of a message without attachments (P52): a crash costs the next reader a
// decode. Such a commit is as atomic and as visible to the next write as any, so two waits still never
// take the same message; the next durable commit's fsync of the WAL, which syncs the file as a whole,
// makes it durable too. A claim then waits neither for the disk nor for the mail committed beside it, and
// a disk whose fsync fails fails the mail, not the reads. (Committed ahead of writes that came before
// them, they change nothing those writes do: a seen flag or a decode touches only its message's rows, and
// both are written only for a message already stored.)
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { durableSynchronous, openSqliteDatabase, type SqliteOptions } from './sqlite-database.js';
import { applyWrite, prepareWrites, type WriteOp } from './sqlite-writes.js';
import { READY_ID, type WriteReply } from './sqlite-writer.js';
import { release, resizableBuffer } from '../../transferable.js';
import { sqliteCode } from './sqlite-faults.js';

type Request = (WriteOp & { id: number }) | { id: number; op: 'close'; args: [] };

/** A group stops growing at this many writes or bytes, so one commit stays short. */
const MAX_GROUP = 256;
const MAX_GROUP_BYTES = 64 * 1024 * 1024;
/** The writer's page cache (issue 15): 2 MiB, not the readers' 16. It holds the pages a commit dirties
 * and the B-tree pages it walks; what it drops is read again from the mapped file (mmap_size) or the WAL.
 * At 16 MiB its cache and what it fragmented held 40 MB of the process's peak under small mail, and
 * neither ingest rate nor CPU per message moved with it (docs/performance.md). */
const WRITER_CACHE_KIB = 2 * 1024;

const port = parentPort as MessagePort;
const { path, options } = workerData as { path: string; options: SqliteOptions };
const db = openSqliteDatabase(path, { ...options, cacheKib: WRITER_CACHE_KIB });
const writes = prepareWrites(db);

// However the thread ends (closed, a crash, process.exit in it, the process going away), the connection
// is closed first: an open transaction rolls back and every statement is finalised while the thread's
// environment still exists (P36).
function closeDatabase(): void {
  if (db.isOpen) db.close();
}
process.once('exit', closeDatabase);

function bytesOf(request: Request): number {
  return request.op === 'close' ? 0 : spent(request).reduce((sum, bytes) => sum + bytes.byteLength, 0);
}

/** The bytes a write carried to this thread: a mail's raw source, or a decode's kept attachment copies. */
function spent(request: WriteOp): Uint8Array[] {
  if (request.op === 'saveMail') return [request.args[0].raw];
  if (request.op === 'saveDecoded')
    return request.args[1].attachments.flatMap((a) => ('content' in a.body ? [a.body.content] : []));
  return [];
}

function describe(error: unknown): { message: string; code?: string } {
  const { message } = error as { message?: unknown };
  const code = sqliteCode(error);
  return { message: typeof message === 'string' ? message : String(error), ...(code === undefined ? {} : { code }) };
}

let commits = 0;

/** Writes whose commit need not be durable: seen flags, and the kept decode of a message without
 * attachments (P52), which a crash costs only a decode at the next read. A decode with attachments stays
 * durable: the ids of its attachments have been handed out once it is kept. */
function unsynced(request: WriteOp): boolean {
  return (
    request.op === 'markSeen' ||
    request.op === 'claimUnseen' ||
    (request.op === 'saveDecoded' && request.args[1].attachments.length === 0)
  );
}
const DURABLE = durableSynchronous(options);

function commitUnsynced(group: (WriteOp & { id: number })[]): WriteReply[] {
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return commitGroup(group, false);
  } finally {
    db.exec(`PRAGMA synchronous = ${DURABLE}`);
  }
}

function commitGroup(group: (WriteOp & { id: number })[], synced: boolean): WriteReply[] {
  const commit = ++commits;
  try {
    db.exec('BEGIN IMMEDIATE');
    let replies = applyAll(group, commit, synced);
    if (replies === undefined) {
      // One write failed: the group starts again, each write in a savepoint of its own, so that it fails alone.
      if (db.isTransaction) db.exec('ROLLBACK');
      db.exec('BEGIN IMMEDIATE');
      replies = applyEachApart(group, commit, synced);
    }
    db.exec('COMMIT');
    return replies;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    return group.map((request) => ({ id: request.id, commit, synced, ok: false, error: describe(error) }));
  }
}

/** Every write of the group in one go, with no savepoint (a savepoint journals each page it first
 * changes: a copy of up to 32 KiB a table or index a write touches); undefined when one fails. */
function applyAll(group: (WriteOp & { id: number })[], commit: number, synced: boolean): WriteReply[] | undefined {
  const replies: WriteReply[] = [];
  for (const request of group) {
    try {
      replies.push({ id: request.id, commit, synced, ok: true, value: applyWrite(writes, request) });
    } catch {
      return undefined;
    }
  }
  return replies;
}

function applyEachApart(group: (WriteOp & { id: number })[], commit: number, synced: boolean): WriteReply[] {
  const replies: WriteReply[] = [];
  for (const request of group) {
    db.exec('SAVEPOINT one');
    try {
      replies.push({ id: request.id, commit, synced, ok: true, value: applyWrite(writes, request) });
      db.exec('RELEASE one');
    } catch (error) {
      // Some errors (a full disk, an I/O error) make SQLite roll the whole transaction back: then the
      // group fails, with this error's own code.
      if (!db.isTransaction) throw error;
      db.exec('ROLLBACK TO one');
      db.exec('RELEASE one');
      replies.push({ id: request.id, commit, synced, ok: false, error: describe(error) });
    }
  }
  return replies;
}

let backlog: Request[] = [];

/** Everything already waiting on the port joins the backlog. */
function pull(): void {
  for (let message = receiveMessageOnPort(port); message !== undefined; message = receiveMessageOnPort(port)) {
    backlog.push(message.message as Request);
  }
}

function drain(): void {
  for (pull(); backlog.length > 0; pull()) {
    const group: (WriteOp & { id: number })[] = [];
    let bytes = 0;
    let closeAfter = false;
    while (backlog.length > 0 && group.length < MAX_GROUP && (group.length === 0 || bytes < MAX_GROUP_BYTES)) {
      const request = backlog.shift()!;
      if (request.op === 'close') {
        closeAfter = true;
        break;
      }
      group.push(request);
      bytes += bytesOf(request);
    }
    const light = group.filter(unsynced);
    const rest = group.filter((request) => !unsynced(request));
    if (light.length > 0) commitUnsynced(light).forEach((reply) => port.postMessage(reply));
    if (rest.length > 0) {
      const replies = commitGroup(rest, true);
      // Written (or failed): a mail's bytes are freed here and now. This thread allocates so little that
      // its garbage collector would let tens of megabytes of written mail wait for a collection. A large
      // mail's resizable buffer goes back with its answer instead, to be filled again (message-buffers.ts).
      rest.forEach((request, at) => {
        const reply = replies[at]!;
        const back = request.op === 'saveMail' ? resizableBuffer(request.args[0].raw) : undefined;
        if (back === undefined) {
          release(spent(request));
          port.postMessage(reply);
        } else port.postMessage({ ...reply, returned: back } satisfies WriteReply, [back]);
      });
    }
    if (closeAfter) {
      backlog = [];
      closeDatabase();
      port.close();
      return;
    }
  }
}

port.postMessage({ id: READY_ID, commit: 0, synced: true, ok: true, value: null } satisfies WriteReply);

port.on('message', (message: Request) => {
  backlog.push(message);
  drain();
});
