// Proof that the commit reaches the disk before the 250 (D10), read off the process's own system calls:
// strace records every fsync and every socket write of a running node while mail is sent one message at
// a time; for each "250 … queued as" written to a client, the WAL must have been fsynced after that
// client's "354" (the start of its DATA). With INBOXD_SQLITE_SYNCHRONOUS=normal the same check must see
// every 250 go out unsynced: the negative control that shows the check can see a missing fsync.
import { sendRaw } from '../support/smtp-dialogue.js';
import { startNode } from '../support/node-process.js';
import { attachStrace } from '../support/strace.js';

export interface AckTrace {
  /** 250 replies to DATA seen on the wire. */
  acks: number;
  /** Of those, how many had no fsync of the WAL between their 354 and their 250. */
  unsynced: number;
  /** fsync calls on the WAL in the traced span. */
  walFsyncs: number;
}

// `strace -f` writes each line after the thread id; a call that another thread's interrupts is written
// as `fsync(… <unfinished ...>` and later `<... fsync resumed>`, and counts when it returns.
const LINE = /^(\d+) +(?:\d+\.\d+ )?(write|writev|sendmsg|sendto|fsync|fdatasync)\((\d+)<([^>]*)>/;
const RESUMED = /^(\d+) +(?:\d+\.\d+ )?<\.\.\. (fsync|fdatasync) resumed>/;

/** Reads an `strace -f -yy -e trace=fsync,fdatasync,write,writev` log in order. The WAL's fsync runs in
 * the SQLite writer thread, the 250 on the main thread. */
export function checkAcks(trace: string): AckTrace {
  const dataStartedOn = new Map<string, number>();
  const walSyncs: number[] = [];
  // Thread → an fsync of the WAL it started and has not yet returned from.
  const syncing = new Set<string>();
  let acks = 0;
  let unsynced = 0;
  trace.split('\n').forEach((line, index) => {
    const resumed = RESUMED.exec(line);
    if (resumed !== null) {
      if (syncing.delete(resumed[1]!)) walSyncs.push(index);
      return;
    }
    const match = LINE.exec(line);
    if (match === null) return;
    const [, thread, call, fd, target] = match as unknown as [string, string, string, string, string];
    if (call === 'fsync' || call === 'fdatasync') {
      if (!target.endsWith('.sqlite-wal')) return;
      if (line.includes('<unfinished ...>')) syncing.add(thread);
      else walSyncs.push(index);
      return;
    }
    if (!target.startsWith('TCP')) return;
    if (line.includes('"354 ')) dataStartedOn.set(fd, index);
    else if (/"250 2\.0\.0 Ok: queued as/.test(line)) {
      acks += 1;
      const from = dataStartedOn.get(fd) ?? -1;
      if (!walSyncs.some((at) => at > from && at < index)) unsynced += 1;
    }
  });
  return { acks, unsynced, walFsyncs: walSyncs.length };
}

export async function traceAcks(options: { messages: number; synchronous: 'full' | 'normal' }): Promise<AckTrace> {
  const node = await startNode({ INBOXD_SQLITE_SYNCHRONOUS: options.synchronous });
  try {
    const strace = await attachStrace(node.pid, [
      '-yy',
      '-s',
      '64',
      '-e',
      'trace=fsync,fdatasync,write,writev,sendmsg,sendto',
    ]);
    for (let i = 0; i < options.messages; i += 1) {
      const replies = await sendRaw(
        node.smtpPort,
        { from: 'trace@example.org', to: [`trace${i}@inboxd.test`] },
        Buffer.from(`Subject: trace ${i}\r\n\r\nbody ${i}\r\n`),
      );
      if (!/^250 /.test(replies.at(-1) ?? '')) throw new Error(`message ${i} was refused: ${replies.at(-1)}`);
    }
    return checkAcks(await strace.detach());
  } finally {
    await node.stop();
  }
}
