// Two `inboxd serve` processes on one PostgreSQL and one Redis, as N nodes run behind one MX name and one
// API name (docs/operations.md): either node serves what the other took in, a wait on one wakes on a
// delivery at the other, the limits of D17 hold across both together, and killing one node with SIGKILL
// loses nothing that either acknowledged with 250 (D10).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { connectMcpClient } from '../../src/cli/mcp-connection.js';
import {
  createTestSchema,
  postgresSkipReason,
  redisSkipReason,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestSchema,
} from '../support/backends.js';
import { runInboxd, startNode, type NodeProcess } from '../support/node-process.js';

const skip = (await postgresSkipReason()) ?? (await redisSkipReason());

describe('two nodes on one PostgreSQL and one Redis', { skip: skip ?? false }, () => {
  let schema: TestSchema;
  let env: Record<string, string>;
  let a: NodeProcess;
  let b: NodeProcess;

  before(async () => {
    schema = await createTestSchema();
    env = {
      INBOXD_DATABASE_URL: schema.url,
      INBOXD_REDIS_URL: TEST_REDIS_URL,
      INBOXD_REDIS_PREFIX: testRedisPrefix(),
      INBOXD_PUBLIC_DOMAINS: 'inboxd.test',
    };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
  });

  it('lists, reads and deletes through node B the mail delivered through node A', async () => {
    const address = 'across@inboxd.test';
    const sent = await a.send({ from: 'sender@example.org', to: address, subject: 'through A', text: 'hello from A' });
    assert.match(sent.response, /^250 /);
    const list = await b.api(`/api/v1/mailbox?address=${address}`);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.messages.map((m: { subject: string }) => m.subject),
      ['through A'],
    );
    const id = list.json.messages[0].id as string;
    const read = await b.api(`/api/v1/message/${id}?mailbox=${address}`);
    assert.equal(read.status, 200, JSON.stringify(read.json));
    assert.equal(read.json.text.trim(), 'hello from A');
    assert.equal(
      (await a.api(`/api/v1/mailbox?address=${address}`)).json.messages[0].seen,
      true,
      'A sees the read done at B',
    );
    assert.equal((await b.api(`/api/v1/message/${id}?mailbox=${address}`, { method: 'DELETE' })).status, 200);
    assert.deepEqual(
      (await a.api(`/api/v1/mailbox?address=${address}`)).json.messages,
      [],
      'and the deletion done at B',
    );
  });

  it('wakes a wait on node B on a delivery taken by node A, through the shared events', async () => {
    const address = 'wake@inboxd.test';
    const mcp = await connectMcpClient(new URL(`https://127.0.0.1:${b.httpsPort}/mcp`), {
      ca: b.cert,
      servername: 'localhost',
      clientName: 'two-nodes',
    });
    const progress: number[] = [];
    let firstProgress: () => void = () => undefined;
    const asleep = new Promise<void>((resolve) => (firstProgress = resolve));
    const waiting = mcp.client.callTool(
      { name: 'wait_for_message', arguments: { address, timeout_seconds: 30 } },
      undefined,
      {
        onprogress: (p) => {
          progress.push(p.progress);
          firstProgress();
        },
        timeout: 60_000,
      },
    );
    // The first progress notification (5 s in) shows the wait looked, found nothing and sleeps.
    await asleep;
    const sent = await a.send({
      from: 'bot@example.org',
      to: address,
      subject: 'Your code',
      text: 'Your code is 246810.',
    });
    const acknowledged = performance.now();
    const result = (await waiting) as unknown as {
      structuredContent: { status: string; message: { codes: string[] } };
    };
    const latency = performance.now() - acknowledged;
    await mcp.close();
    assert.match(sent.response, /^250 /);
    assert.equal(result.structuredContent.status, 'received');
    assert.deepEqual(result.structuredContent.message.codes, ['246810']);
    // Woken by the event, not by the next 5-second look: no second progress notification came first.
    assert.deepEqual(progress, [5]);
    console.log(`wait on B returned ${latency.toFixed(1)} ms after A's 250`);
  });

  it('holds the per-address limit across both nodes together: a burst of 5, then 429', async () => {
    const address = 'limited@inboxd.test';
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).api(`/api/v1/mailbox?address=${address}`).then((r) => r.status),
      ),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    const admitted = statuses.filter((s) => s === 200).length;
    // GCRA at one per second with a burst of 5 (D17): 5 at once, one more per second that passed.
    assert.ok(
      admitted >= 5 && admitted <= 5 + Math.floor(elapsedSeconds),
      `${admitted} admitted in ${elapsedSeconds.toFixed(2)} s`,
    );
    assert.equal(statuses.filter((s) => s === 429).length, 10 - admitted, 'the rest were refused with 429');
  });

  it('holds the per-client limit across both nodes together: 1200 a minute, then 429 on either', async () => {
    const account = await runInboxd(['accounts', 'create', '--plan', 'free', '--json'], env);
    assert.equal(account.code, 0, account.stderr);
    const issued = await runInboxd(['keys', 'create', '--account', account.json.id, '--json'], env);
    assert.equal(issued.code, 0, issued.stderr);
    const headers = { authorization: `Bearer ${issued.json.key}` };
    let next = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (next < 1200) {
        const i = next++;
        statuses.push((await (i % 2 === 0 ? a : b).api('/api/v1/domains', { headers })).status);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    assert.equal(statuses.filter((s) => s === 200).length, 1200);
    for (const node of [a, b]) {
      const refused = await node.api('/api/v1/domains', { headers });
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    }
  });

  it('loses nothing either node acknowledged when node A is killed with SIGKILL mid-stream', async () => {
    const acknowledged: { mailbox: string; subject: string }[] = [];
    let killed = false;
    const sender = async (node: NodeProcess, name: string, count: number) => {
      for (let i = 0; i < count; i += 1) {
        const mailbox = `${name}@inboxd.test`;
        const subject = `${name}-${i}`;
        try {
          const sent = await node.send({
            from: 'load@example.org',
            to: mailbox,
            subject,
            text: `message ${subject}\n`.repeat(20),
          });
          if (/^250 /.test(sent.response)) acknowledged.push({ mailbox, subject });
        } catch (error) {
          if (node === a && killed) return; // the killed node's senders stop; what it acknowledged must stay
          throw error;
        }
      }
    };
    const killer = (async () => {
      while (acknowledged.filter((m) => m.mailbox.startsWith('to-a')).length < 20)
        await new Promise((resolve) => setImmediate(resolve));
      killed = true;
      await a.kill();
    })();
    await Promise.all([
      sender(a, 'to-a1', 1000),
      sender(a, 'to-a2', 1000),
      sender(b, 'to-b1', 40),
      sender(b, 'to-b2', 40),
      killer,
    ]);
    const fromA = acknowledged.filter((m) => m.mailbox.startsWith('to-a')).length;
    assert.ok(fromA >= 20 && fromA < 2000, `A acknowledged ${fromA} before it was killed`);
    // Node B keeps serving, and has every message that either node acknowledged.
    for (const mailbox of ['to-a1', 'to-a2', 'to-b1', 'to-b2'].map((n) => `${n}@inboxd.test`)) {
      const stored = new Set<string>();
      let cursor = '';
      for (;;) {
        const page = await b.api(`/api/v1/mailbox?address=${mailbox}&limit=100${cursor}`);
        assert.equal(page.status, 200);
        for (const m of page.json.messages as { subject: string }[]) stored.add(m.subject);
        if (page.json.next === null) break;
        cursor = `&before=${page.json.next}`;
      }
      const expected = acknowledged.filter((m) => m.mailbox === mailbox).map((m) => m.subject);
      assert.deepEqual(
        expected.filter((s) => !stored.has(s)),
        [],
        `${mailbox}: acknowledged but missing`,
      );
    }
    console.log(
      `A acknowledged ${fromA} messages before SIGKILL; B ${acknowledged.length - fromA}; all readable through B`,
    );
  });
});
