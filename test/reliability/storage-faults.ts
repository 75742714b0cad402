// Storage faults injected into a running node, and what its clients see (D10): an fsync that fails with
// EIO, writes that fail with ENOSPC (a full disk) — both injected by strace on the WAL file alone and
// ended by detaching strace — and the database locked by another process. Every message must end as
// 250-and-stored or 4xx-and-not-stored, the API must answer 503 with Retry-After (never 500), the
// process must stay up, and service must resume by itself when the fault ends.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sendRaw } from '../support/smtp-dialogue.js';
import { startNode, type NodeProcess } from '../support/node-process.js';
import { attachStrace } from '../support/strace.js';

export type StorageFault = 'fsync-eio' | 'write-enospc' | 'database-locked';

export interface FaultOutcome {
  fault: StorageFault;
  /** Messages sent while the fault lasted, then after it. */
  sentDuring: number;
  acceptedDuring: number;
  refused4xxDuring: number;
  /** 250 but not readable afterwards: must be 0. */
  falseAcks: number;
  /** 4xx but stored anyway: must be 0. */
  storedAfterRefusal: number;
  /** API answers while the fault lasted, by status. */
  apiStatuses: Record<string, number>;
  retryAfterOn503: boolean;
  processUp: boolean;
  /** From the end of the fault to the first 250. */
  recoveryMs: number;
  /** inboxd_storage_faults_total as scraped afterwards. */
  faultsCounted: number;
}

const WAL_PATH = (node: NodeProcess) => join(node.dataDir, 'inboxd.sqlite-wal');

async function deliver(node: NodeProcess, to: string): Promise<string> {
  const replies = await sendRaw(
    node.smtpPort,
    { from: 'fault@example.org', to: [to] },
    Buffer.from(`Subject: ${to}\r\n\r\nfor ${to}\r\n`),
  );
  return replies.at(-1) ?? '';
}

/** Starts a fault and returns the function that ends it. */
async function begin(fault: StorageFault, node: NodeProcess): Promise<() => Promise<void>> {
  if (fault === 'database-locked') {
    const other = new DatabaseSync(join(node.dataDir, 'inboxd.sqlite'));
    // Takes the write lock and holds it, as a stuck operator command or a backup tool would.
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const inject =
    fault === 'fsync-eio'
      ? ['-e', 'trace=fsync,fdatasync', '-e', 'inject=fsync,fdatasync:error=EIO']
      : ['-e', 'trace=pwrite64,write', '-e', 'inject=pwrite64,write:error=ENOSPC'];
  const strace = await attachStrace(node.pid, ['-P', WAL_PATH(node), ...inject]);
  return async () => void (await strace.detach());
}

export async function runStorageFault(fault: StorageFault, options: { messages: number }): Promise<FaultOutcome> {
  const node = await startNode({});
  const tag = `${fault.replace(/[^a-z]/g, '')}${Date.now().toString(36)}`;
  try {
    // One message to read (a read sets seen, so it writes) per step, each in its own mailbox so the
    // per-address limit of D17 never answers first.
    const readable: { mailbox: string; id: string }[] = [];
    for (let i = 0; i < options.messages; i += 1) {
      const mailbox = `${tag}-r${i}@inboxd.test`;
      if (!/^250 /.test(await deliver(node, mailbox))) throw new Error('the node did not accept mail before the fault');
      readable.push({
        mailbox,
        id: (await node.api(`/api/v1/mailbox?address=${mailbox}`)).json.messages[0].id as string,
      });
    }

    const end = await begin(fault, node);
    const during: { to: string; reply: string }[] = [];
    const apiStatuses: Record<string, number> = {};
    let retryAfterOn503 = true;
    const count = (status: number, retryAfter: string | null) => {
      apiStatuses[status] = (apiStatuses[status] ?? 0) + 1;
      if (status === 503 && !(Number(retryAfter) >= 1)) retryAfterOn503 = false;
    };
    try {
      for (let i = 0; i < options.messages; i += 1) {
        const to = `${tag}-d${i}@inboxd.test`;
        during.push({ to, reply: await deliver(node, to) });
        // A read that writes (it sets seen, D3), a read that does not, and a delete.
        const { mailbox, id } = readable[i]!;
        const read = await node.api(`/api/v1/message/${id}?mailbox=${mailbox}`);
        count(read.status, read.headers.get('retry-after'));
        const list = await node.api(`/api/v1/mailbox?address=${tag}-l${i}@inboxd.test`);
        count(list.status, list.headers.get('retry-after'));
        const removed = await node.api(`/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A?mailbox=${tag}-x${i}@inboxd.test`, {
          method: 'DELETE',
        });
        count(removed.status, removed.headers.get('retry-after'));
      }
    } finally {
      await end();
    }
    const endedAt = performance.now();
    let recoveryMs = Number.NaN;
    for (let i = 0; i < 100 && Number.isNaN(recoveryMs); i += 1) {
      if (/^250 /.test(await deliver(node, `${tag}-after${i}@inboxd.test`))) recoveryMs = performance.now() - endedAt;
    }

    let falseAcks = 0;
    let storedAfterRefusal = 0;
    for (const { to, reply } of during) {
      const stored = (await node.api(`/api/v1/mailbox?address=${to}`)).json.count as number;
      if (/^250 /.test(reply) && stored !== 1) falseAcks += 1;
      if (/^4\d\d /.test(reply) && stored !== 0) storedAfterRefusal += 1;
    }
    const metrics = (await node.api('/metrics')).text;
    const faultsCounted = metrics
      .split('\n')
      .filter((line) => line.startsWith('inboxd_storage_faults_total{'))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    const processUp = (await node.api('/healthz')).status === 200 && node.child.exitCode === null;
    return {
      fault,
      sentDuring: during.length,
      acceptedDuring: during.filter((d) => /^250 /.test(d.reply)).length,
      refused4xxDuring: during.filter((d) => /^4\d\d /.test(d.reply)).length,
      falseAcks,
      storedAfterRefusal,
      apiStatuses,
      retryAfterOn503,
      processUp,
      recoveryMs,
      faultsCounted,
    };
  } finally {
    await node.stop();
  }
}
