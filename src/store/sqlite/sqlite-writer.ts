// Where the SQLite MessageStore's writes run. Inline: on the calling thread, each its own transaction
// (an in-memory store, which no other thread can open). Threaded: in one worker thread with its own
// connection (sqlite-writer-thread.ts), which commits every write waiting at that moment in one
// transaction, so the fsync of D10 is paid once per group, not once per message, and never on the event
// loop. A write's promise settles only after its transaction committed, or failed.
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './sqlite-sql.js';
import { applyWrite, prepareWrites, type WriteOp, type WriteResults } from './sqlite-writes.js';
import type { SqliteOptions } from './sqlite-database.js';
import { transferable } from '../../transferable.js';
import { messageBuffers } from '../../message-buffers.js';
import type { DecodedMail, NewMail } from '../message-store.js';

function decodedBytes(decoded: DecodedMail): Uint8Array[] {
  return decoded.attachments.flatMap((a) => ('content' in a.body ? [a.body.content] : []));
}

export interface SqliteWriter {
  /** Resolves once the writer can take writes (its thread has opened the database). */
  ready(): Promise<void>;
  write<K extends WriteOp['op']>(op: K, ...args: Extract<WriteOp, { op: K }>['args']): Promise<WriteResults[K]>;
  /** Writes answered, the transactions they were committed in, and how many of those were synced to disk
   * (the commits of seen flags are not: sqlite-writer-thread.ts). */
  stats(): { writes: number; commits: number; syncedCommits: number };
  close(): Promise<void>;
}

export function inlineWriter(db: DatabaseSync): SqliteWriter {
  const writes = prepareWrites(db);
  let count = 0;
  return {
    ready: async () => undefined,
    async write(op, ...args) {
      count += 1;
      return inTransaction(db, () => applyWrite(writes, { op, args } as WriteOp)) as never;
    },
    stats: () => ({ writes: count, commits: count, syncedCommits: count }),
    async close() {},
  };
}

/** What the thread answers for one write, with the number of the transaction that held it and whether
 * that commit was synced to disk; `id` -1 says the thread has opened the database. */
export type WriteReply = {
  id: number;
  commit: number;
  synced: boolean;
  /** A large mail's buffer, handed back once the mail is written (message-buffers.ts). */
  returned?: ArrayBuffer;
} & ({ ok: true; value: unknown } | { ok: false; error: { message: string; code?: string } });

/** The id of the thread's first message, sent once its database is open. */
export const READY_ID = -1;

/** Rebuilt on this side with its SQLite code, so the fault guard (storage-faults.ts) can judge it. */
function rebuildError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
}

// Under tsx (tests, development) the worker is the .ts source; once built it is the .js beside this file.
const threadFile = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-writer-thread.ts' : './sqlite-writer-thread.js',
  import.meta.url,
);

// The built .js is imported as it is. The .ts source (tests and development, under tsx) needs tsx's
// loader, which a worker thread does not inherit: the thread registers it first.
// tsx is resolved here, from this file, since the thread's code resolves from the working directory.
// Either way the thread first drops Node 22's warning about node:sqlite, as main.ts does (P36).
const quiet = new URL(
  import.meta.url.endsWith('.ts') ? '../../runtime/sqlite-warning.ts' : '../../runtime/sqlite-warning.js',
  import.meta.url,
);
const startThread = `import(${JSON.stringify(quiet.href)}).then((q) => { q.quietSqliteWarning(); return import(${JSON.stringify(threadFile.href)}); })`;
const bootstrap = threadFile.pathname.endsWith('.ts')
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return ${startThread}; })`
  : startThread;

export function threadWriter(path: string, options: SqliteOptions = {}): SqliteWriter {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let worker: Worker | undefined;
  let closing: Promise<void> | undefined;

  let readiness: Promise<void> = Promise.resolve();
  let answered = 0;
  let commits = 0;
  let syncedCommits = 0;

  function start(): Worker {
    const started = new Worker(bootstrap, { eval: true, workerData: { path, options }, name: 'sqlite-writer' });
    readiness = new Promise((resolve, reject) => {
      started.once('message', () => resolve());
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`the SQLite writer stopped before it was ready (exit ${code})`)));
    });
    readiness.catch(() => undefined);
    started.on('message', (reply: WriteReply) => {
      if (reply.returned !== undefined) messageBuffers.give(reply.returned);
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      pending.delete(reply.id);
      answered += 1;
      // Commits are answered in order, each write of one after the other.
      if (reply.commit > commits) {
        commits = reply.commit;
        if (reply.synced) syncedCommits += 1;
      }
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(rebuildError(reply.error));
    });
    // A writer that dies fails what it held as an I/O fault (retry later: 451/503) and is started
    // again by the next write.
    const failAll = (message: string) => {
      if (worker === started) worker = undefined;
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(rebuildError({ message, code: 'SQLITE_IOERR' }));
      }
    };
    started.on('error', (error) => failAll(`the SQLite writer failed: ${error.message}`));
    started.on('exit', (code) => failAll(`the SQLite writer stopped (exit ${code})`));
    return started;
  }

  // Started now, so the first message does not wait for the thread to load and open the database.
  worker = start();

  return {
    ready: () => readiness,
    stats: () => ({ writes: answered, commits, syncedCommits }),
    write(op, ...args) {
      if (closing !== undefined) return Promise.reject(new Error('the store is closed'));
      worker ??= start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        // A mail's bytes move to the writer thread instead of being copied (the caller gave them up).
        const moved =
          op === 'saveMail'
            ? transferable([(args[0] as NewMail).raw])
            : op === 'saveDecoded'
              ? transferable(decodedBytes(args[1] as DecodedMail))
              : [];
        worker!.postMessage({ id, op, args }, moved);
      });
    },
    close() {
      closing ??= (async () => {
        const running = worker;
        worker = undefined;
        if (running === undefined) return;
        // Writes already posted are answered first: the thread handles 'close' after them.
        const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
        running.postMessage({ id: -1, op: 'close', args: [] });
        await exited;
      })();
      return closing;
    },
  };
}
