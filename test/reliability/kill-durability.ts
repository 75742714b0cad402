// SIGKILL at random moments while tens of SMTP sessions deliver (D10): the node is killed with no
// warning, started again on the same store, killed again, and so on. Afterwards every message whose
// sender saw 250 must be readable and byte-identical to what was sent, and the store must hold no
// half-stored mail, orphaned attachment or message without its mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { sendRaw } from '../support/smtp-dialogue.js';
import { startNode, type NodeProcess } from '../support/node-process.js';

export interface KillOptions {
  kills: number;
  sessions: number;
  /** Each round lasts a random time in this range (ms) before its SIGKILL. */
  roundMs: [number, number];
  seed: number;
}

export interface KillOutcome {
  kills: number;
  sessions: number;
  sent: number;
  acked: number;
  /** Cut off by the kill before any reply to DATA: the sender retries them; stored or not, both are fine. */
  inDoubt: number;
  inDoubtStored: number;
  /** Answered 250 but missing afterwards, or not byte-identical: must be 0. */
  lost: number;
  corrupted: number;
  /** Mails without a message, attachments or messages without their mail, wrong attachment counts. */
  halfStored: number;
  integrity: string;
  /** Acked messages also read back through GET /api/v1/message/{id}/raw. */
  readOverApi: number;
}

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A message unique to index i: every third has a binary attachment, every fifth 8-bit text. */
export function killMessage(i: number, rand: () => number): Buffer {
  const head = `From: load@example.org\r\nTo: k${i}@inboxd.test\r\nSubject: kill test ${i}\r\nMIME-Version: 1.0\r\n`;
  const noise = Buffer.from(Array.from({ length: 64 + Math.floor(rand() * 2048) }, () => Math.floor(rand() * 256)));
  if (i % 3 === 0) {
    const body = noise.toString('base64').replace(/.{76}/g, '$&\r\n');
    return Buffer.from(
      `${head}Content-Type: multipart/mixed; boundary=b${i}\r\n\r\n--b${i}\r\nContent-Type: text/plain\r\n\r\nmessage ${i}\r\n` +
        `--b${i}\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="n${i}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n--b${i}--\r\n`,
    );
  }
  if (i % 5 === 0) {
    const eight = Buffer.from(noise.filter((b) => b !== 0x0d && b !== 0x0a && b !== 0x00));
    return Buffer.concat([
      Buffer.from(
        `${head}Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n.leading dot ${i}\r\n`,
      ),
      eight,
      Buffer.from('\r\n'),
    ]);
  }
  return Buffer.from(
    `${head}Content-Type: text/plain\r\n\r\nmessage ${i}\r\n${noise.toString('hex').replace(/.{76}/g, '$&\r\n')}\r\n`,
  );
}

type Fate = 'acked' | 'refused' | 'inDoubt';

export async function runKillDurability(options: KillOptions): Promise<KillOutcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inboxd-kill-'));
  const rand = random(options.seed);
  const sent = new Map<number, { message: Buffer; fate: Fate }>();
  let next = 0;
  let readOverApi = 0;
  try {
    for (let round = 0; round <= options.kills; round += 1) {
      const node = await startNode({}, { dataDir });
      if (round === options.kills) {
        readOverApi = await verifyOverApi(node, sent);
        await node.stop();
        break;
      }
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const i = next;
          next += 1;
          const message = killMessage(i, rand);
          const replies = await sendRaw(
            node.smtpPort,
            { from: 'load@example.org', to: [`k${i}@inboxd.test`] },
            message,
          );
          const last = replies.at(-1) ?? '';
          const dataSent = replies.length >= 4 && (replies[2] ?? '').startsWith('354');
          const fate: Fate =
            /^250 /.test(last) && dataSent
              ? 'acked'
              : /^[45]\d\d /.test(last) && !last.startsWith('(closed)')
                ? 'refused'
                : 'inDoubt';
          sent.set(i, { message, fate });
        }
      };
      const workers = Array.from({ length: options.sessions }, worker);
      const [low, high] = options.roundMs;
      await new Promise((resolve) => setTimeout(resolve, low + rand() * (high - low)));
      killed = true;
      await node.kill();
      await Promise.all(workers);
    }
    return { ...(await inspectStore(dataDir, sent)), kills: options.kills, sessions: options.sessions, readOverApi };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Reads back up to 25 acked messages through the running node's raw endpoint. */
async function verifyOverApi(node: NodeProcess, sent: Map<number, { message: Buffer; fate: Fate }>): Promise<number> {
  let read = 0;
  for (const [i, entry] of sent) {
    if (entry.fate !== 'acked' || read >= 25) continue;
    const list = await node.api(`/api/v1/mailbox?address=k${i}@inboxd.test`);
    const id = list.json?.messages?.[0]?.id as string | undefined;
    if (id === undefined) continue;
    const raw = await node.api(`/api/v1/message/${id}/raw?mailbox=k${i}@inboxd.test`);
    if (raw.status === 200 && raw.body.equals(entry.message)) read += 1;
  }
  return read;
}

async function inspectStore(dataDir: string, sent: Map<number, { message: Buffer; fate: Fate }>) {
  const path = join(dataDir, 'inboxd.sqlite');
  const db = new DatabaseSync(path, { readOnly: true });
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const integrity =
    (db.prepare('PRAGMA integrity_check').get() as { integrity_check?: string } | undefined)?.integrity_check ??
    'unknown';
  const halfStored =
    one('SELECT count(*) AS n FROM mails WHERE NOT EXISTS (SELECT 1 FROM messages WHERE mail_id = mails.id)') +
    one('SELECT count(*) AS n FROM attachments WHERE NOT EXISTS (SELECT 1 FROM mails WHERE id = attachments.mail_id)') +
    one('SELECT count(*) AS n FROM messages WHERE NOT EXISTS (SELECT 1 FROM mails WHERE id = messages.mail_id)') +
    one(
      'SELECT count(*) AS n FROM mails WHERE decoded = 1 AND attachment_count <> (SELECT count(*) FROM attachments WHERE mail_id = mails.id)',
    );
  const mailboxOf = db.prepare('SELECT id FROM messages WHERE mailbox = ?') as unknown as {
    all(mailbox: string): { id: string }[];
  };
  const store = openSqliteStore(path);
  {
    let lost = 0;
    let corrupted = 0;
    let inDoubtStored = 0;
    const now = Date.now();
    for (const [i, { message, fate }] of sent) {
      const rows = mailboxOf.all(`k${i}@inboxd.test`);
      if (fate === 'inDoubt' && rows.length > 0) inDoubtStored += 1;
      if (fate !== 'acked' && fate !== 'inDoubt') continue;
      if (rows.length === 0) {
        if (fate === 'acked') lost += 1;
        continue;
      }
      const raw = await store.getRaw(`k${i}@inboxd.test`, rows[0]!.id, now);
      if (rows.length !== 1 || raw === null || !Buffer.from(raw).equals(message)) corrupted += 1;
    }
    await store.close();
    db.close();
    const fates = [...sent.values()].map((s) => s.fate);
    return {
      sent: sent.size,
      acked: fates.filter((f) => f === 'acked').length,
      inDoubt: fates.filter((f) => f === 'inDoubt').length,
      inDoubtStored,
      lost,
      corrupted,
      halfStored,
      integrity,
    };
  }
}
