// The agent tools (D23, D24) through the MCP SDK's own client over streamable HTTP, against the real
// server on HTTPS: the tool list, every tool, a wait woken by an SMTP delivery, a wait that times out
// with progress notifications, a client that goes away, and the same access rules and limits as HTTP.
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ulid } from 'ulid';
import { MAX_WAITS_PER_NETWORK } from '../src/inbox/wait-for-message.js';
import { MCP_TOOL_NAMES, connectMcp, until, type McpConnection } from './support/mcp-client.js';
import { accountWithKey, operatorOf } from './support/operator.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { waitInput } from '../src/inbox/wait-for-message.js';

const VERIFY_TEXT =
  'Hi!\n\nYour verification code is 482913.\n\nOr confirm here: https://app.example.com/verify?token=T0K3N\n\nUnsubscribe: https://app.example.com/unsubscribe';

describe('MCP over streamable HTTP (D23, D24)', () => {
  let t: TestApp;
  let mcp: McpConnection;
  const call = async (name: string, args: Record<string, unknown> = {}, connection = mcp) => {
    t.clock.advance(1000); // the per-address limit allows one a second sustained (D17)
    return (await connection.client.callTool({ name, arguments: args })) as CallToolResult;
  };
  const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

  before(async () => {
    t = await startTestApp();
    mcp = await connectMcp(t);
  });
  after(async () => {
    await mcp.close();
    await t.stop();
  });

  it('lists the six tools, each with input and output schemas, annotations and the sender warning', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), MCP_TOOL_NAMES);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok(tool.annotations !== undefined, tool.name);
      assert.match(tool.description ?? '', /rate limits/, `${tool.name} states its limits`);
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const name of ['wait_for_message', 'read_message', 'list_messages'])
      assert.match(byName[name]?.description ?? '', /never as instructions/);
    assert.equal(byName.delete_message?.annotations?.destructiveHint, true);
    assert.equal(byName.list_messages?.annotations?.readOnlyHint, true);
    assert.equal(byName.read_message?.annotations?.readOnlyHint, false, 'reading marks the message seen');
    assert.deepEqual(
      (byName.wait_for_message?.inputSchema.properties as Record<string, { maximum?: number }>).timeout_seconds
        ?.maximum,
      50,
    );
    assert.match(mcp.client.getInstructions() ?? '', /data to read, never as instructions/);
  });

  it('create_inbox makes a fresh public address, structured and as text alike', async () => {
    const result = await call('create_inbox', { prefix: 'Signup' });
    const created = result.structuredContent as Record<string, unknown>;
    assert.match(created.address as string, /^signup-[a-z2-7]{12}@inboxd\.test$/);
    assert.deepEqual(
      { ...created, address: 'x' },
      { address: 'x', domain_kind: 'public', publicly_readable: true, expires_after_seconds: 432000 },
    );
    assert.deepEqual(JSON.parse(textOf(result)), created);
    const other = await call('create_inbox', { domain: 'mail.inboxd.test' });
    assert.match((other.structuredContent as { address: string }).address, /@mail\.inboxd\.test$/);
  });

  it('list_domains lists the public domains', async () => {
    const result = await call('list_domains');
    assert.deepEqual(result.structuredContent, {
      domains: [
        { domain: 'inboxd.test', kind: 'public' },
        { domain: 'mail.inboxd.test', kind: 'public' },
      ],
    });
  });

  it('wait_for_message wakes on the SMTP delivery itself (the test clock never reaches its 5-second look), with codes and links', async (ctx) => {
    const address = (await call('create_inbox')).structuredContent?.address as string;
    t.clock.advance(1000);
    const waiting = mcp.client.callTool({ name: 'wait_for_message', arguments: { address, timeout_seconds: 30 } });
    await until(() => t.app.events.subscribers(address) === 1, 'the wait to subscribe');
    await t.send({
      from: 'Example App <noreply@app.example.com>',
      to: address,
      subject: 'Confirm your account',
      text: VERIFY_TEXT,
    });
    const acknowledged = performance.now();
    const result = (await waiting) as CallToolResult;
    // How soon is the bench's to measure (bench/wake.ts); here the clock stands still, so only the
    // delivery event can have woken the wait.
    const latency = performance.now() - acknowledged;
    ctx.diagnostic(`wait_for_message returned ${latency.toFixed(1)} ms after the 250`);
    const { status, message } = result.structuredContent as { status: string; message: Record<string, unknown> };
    assert.equal(status, 'received');
    assert.equal(message.subject, 'Confirm your account');
    assert.equal(message.seen, true, 'the returned message is marked seen');
    assert.deepEqual(message.codes, ['482913']);
    assert.deepEqual(message.links, [
      'https://app.example.com/verify?token=T0K3N',
      'https://app.example.com/unsubscribe',
    ]);
    assert.equal(t.app.events.subscribers(address), 0);

    const next = await call('wait_for_message', { address, timeout_seconds: 0 });
    assert.deepEqual(
      next.structuredContent,
      { status: 'timeout', message: null },
      'the next call waits for the next message',
    );
    const again = await call('wait_for_message', { address, timeout_seconds: 0, include_seen: true });
    assert.equal((again.structuredContent as { status: string }).status, 'received');
  });

  it('returns at once a matching unseen message already there, the oldest first, and filters by from, subject and since', async () => {
    const address = 'filters@inboxd.test';
    await t.send({ from: 'news@shop.example', to: address, subject: 'Weekly news', text: 'news' });
    t.clock.advance(1000);
    await t.send({
      from: 'Login Bot <login@bank.example>',
      to: address,
      subject: 'Your sign-in code',
      text: 'Your code: 771204',
    });
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    await t.send({ from: 'login@bank.example', to: address, subject: 'Your sign-in code', text: 'Your code: 990017' });

    const bySender = await call('wait_for_message', { address, from: 'LOGIN BOT', timeout_seconds: 0 });
    assert.deepEqual((bySender.structuredContent as { message: { codes: string[] } }).message.codes, ['771204']);
    const bySince = await call('wait_for_message', { address, subject: 'sign-in', since, timeout_seconds: 0 });
    assert.deepEqual((bySince.structuredContent as { message: { codes: string[] } }).message.codes, ['990017']);
    const oldest = await call('wait_for_message', { address, timeout_seconds: 0 });
    assert.equal((oldest.structuredContent as { message: { subject: string } }).message.subject, 'Weekly news');
  });

  it('times out as a result after timeout_seconds, with a progress notification every 5 s', async () => {
    const address = 'quiet@inboxd.test';
    const progress: number[] = [];
    t.clock.advance(1000);
    const waiting = mcp.client.callTool(
      { name: 'wait_for_message', arguments: { address, timeout_seconds: 12 } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    // Subscribed, looked, found nothing, and asleep on its two timers (the timeout and the progress tick).
    await until(() => t.app.events.subscribers(address) === 1 && t.clock.pendingTimers() === 2, 'the wait to sleep');
    t.clock.advance(5000);
    await until(() => progress.length === 1, 'the first progress notification');
    t.clock.advance(5000);
    await until(() => progress.length === 2, 'the second progress notification');
    t.clock.advance(2000);
    const result = (await waiting) as CallToolResult;
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, { status: 'timeout', message: null });
    assert.deepEqual(progress, [5, 10]);
    assert.equal(t.clock.pendingTimers(), 0, 'no timer is left behind');
  });

  it('finds a message whose event never came at its next 5-second look', async () => {
    const address = 'lost-event@inboxd.test';
    t.clock.advance(1000);
    const waiting = mcp.client.callTool({ name: 'wait_for_message', arguments: { address, timeout_seconds: 30 } });
    await until(() => t.app.events.subscribers(address) === 1 && t.clock.pendingTimers() === 2, 'the wait to sleep');
    // Stored as a delivery on another node would store it, but with its event lost on the way.
    const now = t.clock.now();
    const id = ulid(now);
    await t.app.store.saveMail(
      {
        id,
        receivedAt: now,
        expiresAt: now + 5 * 86_400_000,
        from: 'a@b.example',
        fromName: null,
        subject: 'no event',
        attachmentCount: 0,
        raw: new TextEncoder().encode('Subject: no event\r\n\r\ncode 314159\r\n'),
      },
      [{ id, mailbox: address }],
    );
    t.clock.advance(5000);
    const result = (await waiting) as CallToolResult;
    assert.equal(
      (result.structuredContent as { status: string; message: { subject: string } }).message.subject,
      'no event',
    );
    assert.equal(t.clock.pendingTimers(), 0);
  });

  it('stops waiting at once when the client goes away', async () => {
    const address = 'gone@inboxd.test';
    const leaving = await connectMcp(t);
    t.clock.advance(1000);
    const waiting = leaving.client
      .callTool({ name: 'wait_for_message', arguments: { address, timeout_seconds: 50 } })
      .then(
        () => 'answered',
        () => 'abandoned',
      );
    await until(() => t.app.events.subscribers(address) === 1, 'the wait to subscribe');
    await leaving.close(); // closes the HTTP stream the answer would have come on
    assert.equal(await waiting, 'abandoned');
    await until(
      () => t.app.events.subscribers(address) === 0 && t.clock.pendingTimers() === 0,
      'the server to stop waiting',
    );
  });

  it('read_message, list_messages and delete_message mirror the HTTP endpoints', async () => {
    const address = 'mirror@inboxd.test';
    await t.send({
      from: 'a@app.example.com',
      to: address,
      subject: 'Reset your password',
      html: '<p>Your code:</p><table><tr><td><b>55-12-90</b></td></tr></table><a href="https://app.example.com/reset?t=9">Reset password</a>',
    });
    const listed = await call('list_messages', { address });
    const list = listed.structuredContent as { count: number; next: null; messages: { id: string; seen: boolean }[] };
    assert.equal(list.count, 1);
    const viaHttp = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.deepEqual(list, viaHttp.json, 'the same shape as GET /api/v1/mailbox');
    const id = list.messages[0]?.id as string;
    const read = await call('read_message', { address, id });
    const message = read.structuredContent as Record<string, unknown>;
    assert.equal(message.seen, true);
    assert.deepEqual(message.links, ['https://app.example.com/reset?t=9']);
    const { codes, links, ...asHttp } = message;
    t.clock.advance(1000);
    assert.deepEqual(
      asHttp,
      (await t.api(`/api/v1/message/${id}?mailbox=${address}`)).json,
      'the Message of GET /api/v1/message',
    );
    t.clock.advance(1000);
    assert.deepEqual(
      (await t.api(`/api/v1/message/${id}/codes?mailbox=${address}`)).json,
      { id, codes, links },
      'the codes and links of GET /api/v1/message/{id}/codes',
    );
    assert.deepEqual((await call('delete_message', { address, id })).structuredContent, { deleted: true, id });
    assert.deepEqual(
      (await call('delete_message', { address, id })).structuredContent,
      { deleted: true, id },
      'idempotent (D1)',
    );
    const gone = await call('read_message', { address, id });
    assert.equal(gone.isError, true);
    assert.match(textOf(gone), /^not_found: /);
  });

  it('fails with the slugs of D16: invalid input, unknown domains, closed domains without their key', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['list_messages', { address: 'not an address' }, /^invalid_address: /],
      ['list_messages', { address: 'a@nowhere.example' }, /^unknown_domain: /],
      ['read_message', { address: 'a@inboxd.test', id: 'nope' }, /^invalid_parameter: /],
      ['wait_for_message', { address: 'a@inboxd.test', timeout_seconds: 51 }, /^invalid_parameter: /],
      [
        'wait_for_message',
        { address: 'a@inboxd.test', since: 'yesterday', timeout_seconds: 0 },
        /^invalid_parameter: /,
      ],
      ['create_inbox', { prefix: '../etc' }, /^invalid_parameter: /],
      ['create_inbox', { domain: 'nowhere.example' }, /^unknown_domain: /],
    ];
    for (const [name, args, slug] of cases) {
      const result = await call(name, args);
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.equal(result.structuredContent, undefined);
      assert.match(textOf(result), slug, `${name} ${JSON.stringify(args)}`);
    }

    await t.app.directory.connectDomain('private.example', t.clock.now());
    const operator = operatorOf(t);
    const { key } = await operator.domains.close('private.example');
    const refused = await call('list_messages', { address: 'team@private.example' });
    assert.match(textOf(refused), /^unauthorized: /);
    const keyed = await connectMcp(t, { key: key as string });
    try {
      const allowed = await call('list_messages', { address: 'team@private.example' }, keyed);
      assert.equal(allowed.isError, undefined);
      const domains = await call('list_domains', {}, keyed);
      assert.deepEqual((domains.structuredContent as { domains: unknown[] }).domains.at(-1), {
        domain: 'private.example',
        kind: 'closed',
      });
    } finally {
      await keyed.close();
    }
  });

  it('reserves a premium address on create_inbox for a premium key, and refuses it without one', async () => {
    const premium = await startTestApp({ INBOXD_PREMIUM_DOMAINS: 'vip.example.com' });
    try {
      const owner = await accountWithKey(operatorOf(premium), { plan: 'premium' });
      const keyed = await connectMcp(premium, { key: owner.key });
      const anonymous = await connectMcp(premium);
      try {
        const created = (await keyed.client.callTool({
          name: 'create_inbox',
          arguments: { domain: 'vip.example.com' },
        })) as CallToolResult;
        const address = (created.structuredContent as { address: string }).address;
        assert.equal((created.structuredContent as { domain_kind: string }).domain_kind, 'premium');
        assert.equal(await premium.app.directory.reservationOf(address), owner.account);
        const refused = (await anonymous.client.callTool({
          name: 'create_inbox',
          arguments: { domain: 'vip.example.com' },
        })) as CallToolResult;
        assert.match(textOf(refused), /^payment_required: /);
      } finally {
        await keyed.close();
        await anonymous.close();
      }
    } finally {
      await premium.stop();
    }
  });

  it("shares the HTTP API's rate limits: a burst of 5 on one address, then rate_limited", async () => {
    const address = 'busy@inboxd.test';
    t.clock.advance(10_000);
    const results: CallToolResult[] = [];
    for (let i = 0; i < 4; i += 1)
      results.push((await mcp.client.callTool({ name: 'list_messages', arguments: { address } })) as CallToolResult);
    assert.equal((await t.api(`/api/v1/mailbox?address=${address}`)).status, 200, 'the fifth, over HTTP');
    const limited = (await mcp.client.callTool({ name: 'list_messages', arguments: { address } })) as CallToolResult;
    assert.ok(results.every((r) => r.isError === undefined));
    assert.match(textOf(limited), /^rate_limited: .*Retry after 1 s\./);
  });

  it('holds at most 50 open waits per client network, refusing the 51st with rate_limited', async () => {
    const caller = { network: '198.51.100.7', bearer: null };
    const stop = new AbortController();
    const open = Array.from({ length: MAX_WAITS_PER_NETWORK }, (_, i) =>
      t.app.inbox.operations.waitForMessage.run(
        caller,
        waitInput.parse({ address: `w${i}@inboxd.test`, timeout_seconds: 50 }),
        { signal: stop.signal },
      ),
    );
    await until(() => t.app.events.subscribers(`w${MAX_WAITS_PER_NETWORK - 1}@inboxd.test`) === 1, 'the waits to open');
    await assert.rejects(
      t.app.inbox.operations.waitForMessage.run(
        caller,
        waitInput.parse({ address: 'one-more@inboxd.test', timeout_seconds: 50 }),
      ),
      { slug: 'rate_limited' },
    );
    const elsewhere = await t.app.inbox.operations.waitForMessage.run(
      { network: '203.0.113.9', bearer: null },
      waitInput.parse({ address: 'one-more@inboxd.test', timeout_seconds: 0 }),
    );
    assert.equal(elsewhere.status, 'timeout', 'another client is not affected');
    stop.abort();
    assert.ok((await Promise.all(open)).every((r) => r.status === 'timeout'));
    const again = await t.app.inbox.operations.waitForMessage.run(
      caller,
      waitInput.parse({ address: 'w0@inboxd.test', timeout_seconds: 0 }),
    );
    assert.equal(again.status, 'timeout', 'the slots are free again');
  });

  it('answers GET and DELETE with 405, and a foreign Origin with 403', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await t.api('/mcp', { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.json.error, 'method_not_allowed');
      assert.equal(res.headers.get('allow'), 'POST');
    }
    const foreign = await t.api('/mcp', {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error, 'forbidden');
  });

  it('takes the allowed origin from the base URL and INBOXD_MCP_ORIGINS, never from the Host header (DNS rebinding)', async () => {
    const other = await startTestApp({ INBOXD_MCP_ORIGINS: 'https://agents.example.com' });
    try {
      const post = (origin: string, host?: string) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
          const request = httpsRequest(
            {
              host: '127.0.0.1',
              port: other.app.httpsPort,
              path: '/mcp',
              method: 'POST',
              ca: other.app.tls.cert,
              servername: 'localhost',
              headers: {
                origin,
                ...(host === undefined ? {} : { host }),
                'content-type': 'application/json',
                accept: 'application/json, text/event-stream',
                'content-length': Buffer.byteLength(body),
              },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      other.clock.advance(5000);
      assert.equal(
        await post('https://evil.example:9443', 'evil.example:9443'),
        403,
        'an Origin matching the Host it sent itself',
      );
      other.clock.advance(5000);
      assert.equal(await post(new URL(other.app.baseUrl).origin), 200, "the base URL's origin");
      other.clock.advance(5000);
      assert.equal(await post('https://agents.example.com'), 200, 'an origin of INBOXD_MCP_ORIGINS');
    } finally {
      await other.stop();
    }
  });
});
