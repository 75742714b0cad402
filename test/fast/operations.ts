// The operations table (src/inbox/operations.ts) run directly, as the HTTP routes and the agent tools run
// it, with no edge in between: the one read path, idempotent delete, what sets seen (D1, D3), the input
// schemas that every edge checks before any limit (D16, D17), and the defaults of each edge (interface §4.1,
// D24).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Caller } from '../../src/inbox/shared/caller.js';
import { inputSchemaOf, TOOLS } from '../../src/mcp/tools.js';
import { startFastApp, type FastApp } from '../support/fast-app.js';

describe('the operations table', () => {
  let t: FastApp;
  let caller: Caller;
  before(async () => {
    t = await startFastApp();
  });
  after(() => t.stop());
  // A fresh network for each test and a moment later each time, so no limit of D17 gets in the way.
  let n = 0;
  const fresh = (): Caller => {
    n += 1;
    t.clock.advance(1000);
    return { network: `198.51.100.${n}`, bearer: null };
  };

  it('reads a message through one path: read sets seen, codes, raw and attachment do not (D3)', async () => {
    const ops = t.app.inbox.operations;
    const { messageIds } = await t.send({
      from: 'shop@example.org',
      to: 'reader@inboxd.test',
      subject: 'Your code',
      text: 'Your code is 482913.',
      attachments: [{ filename: 'a.txt', content: 'attached' }],
    });
    const ref = { address: 'reader@inboxd.test', id: messageIds[0]! };
    caller = fresh();
    const codes = await ops.readCodes.run(caller, ref);
    assert.deepEqual(codes.codes, ['482913']);
    const raw = await ops.downloadRaw.run(fresh(), ref);
    assert.equal(raw.filename, `${ref.id}.eml`);
    assert.match(Buffer.from(raw.content).toString('latin1'), /Your code is 482913/);
    const listed = await ops.listMessages.run(fresh(), { address: ref.address });
    assert.equal(listed.messages[0]?.seen, false, 'codes and raw leave it unseen');
    const message = await ops.readMessage.run(fresh(), ref);
    assert.equal(message.seen, true);
    const attachment = await ops.downloadAttachment.run(fresh(), {
      address: ref.address,
      id: message.attachments[0]!.id,
    });
    assert.equal(Buffer.from(attachment.content).toString(), 'attached');
    assert.equal(attachment.filename, 'a.txt');
  });

  it('answers not_found for an id of another mailbox, on every read', async () => {
    const ops = t.app.inbox.operations;
    const { messageIds } = await t.send({ from: 'a@example.org', to: 'owner@inboxd.test', subject: 's', text: 'x' });
    const elsewhere = { address: 'someone-else@inboxd.test', id: messageIds[0]! };
    for (const op of [
      ops.readMessage,
      ops.readMessageWithCodes,
      ops.readCodes,
      ops.downloadRaw,
      ops.downloadAttachment,
    ]) {
      await assert.rejects(op.run(fresh(), elsewhere), { slug: 'not_found' }, op.name);
    }
  });

  it('deletes idempotently: deleted true whether the message was there or not (D1)', async () => {
    const ops = t.app.inbox.operations;
    const { messageIds } = await t.send({ from: 'a@example.org', to: 'gone@inboxd.test', subject: 's', text: 'x' });
    const ref = { address: 'gone@inboxd.test', id: messageIds[0]! };
    assert.deepEqual(await ops.deleteMessage.run(fresh(), ref), { deleted: true, id: ref.id });
    assert.deepEqual(await ops.deleteMessage.run(fresh(), ref), { deleted: true, id: ref.id });
    await assert.rejects(ops.readMessage.run(fresh(), ref), { slug: 'not_found' });
  });

  it('holds every rule of an input in its schema, which each edge checks before the gate: no use case looks at an unchecked value (D16)', async () => {
    const ops = t.app.inbox.operations;
    for (const [op, input] of [
      [ops.readMessage, { address: 'not an address', id: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' }],
      [ops.readMessage, { address: 'a@inboxd.test', id: 'nope' }],
      [ops.listMessages, { address: 'a@inboxd.test', limit: 201 }],
      [ops.createInbox, { prefix: '../etc' }],
      [ops.waitForMessage, { address: 'a@inboxd.test', since: 'yesterday' }],
      [ops.waitForMessage, { address: 'a@inboxd.test', timeout_seconds: 51 }],
    ] as const) {
      assert.equal(op.input.safeParse(input).success, false, `${op.name} ${JSON.stringify(input)}`);
    }
  });

  it('pages 50 by default over HTTP and 20 for the list_messages tool, capped at 200 for both (interface §4.1, D24)', () => {
    const list = t.app.inbox.operations.listMessages;
    const tool = TOOLS.find((candidate) => candidate.name === 'list_messages')!;
    assert.equal(inputSchemaOf(list, tool).parse({ address: 'a@inboxd.test' }).limit, 20);
    assert.equal(
      list.input.parse({ address: 'a@inboxd.test' }).limit,
      undefined,
      'the operation pages 50 when given none',
    );
    assert.equal(inputSchemaOf(list, tool).safeParse({ address: 'a@inboxd.test', limit: 201 }).success, false);
  });

  it("builds each tool's input schema once, not for every MCP request's server, and again for another table", () => {
    const tool = TOOLS.find((candidate) => candidate.name === 'list_messages')!;
    const list = t.app.inbox.operations.listMessages;
    const first = inputSchemaOf(list, tool);
    assert.equal(inputSchemaOf(list, tool), first, 'the same schema object for the next request');
    // Another inbox (another app in the same process) has operations of its own: its schema is its own.
    const other = { ...list, input: list.input.extend({}) };
    const theirs = inputSchemaOf(other, tool);
    assert.notEqual(theirs, first);
    assert.equal(theirs.parse({ address: 'a@inboxd.test' }).limit, 20);
  });

  it('creates an inbox on the first public domain, after the prefix, readable by anyone (D24)', async () => {
    const created = await t.app.inbox.operations.createInbox.run(fresh(), { prefix: 'Signup' });
    assert.match(created.address, /^signup-[a-z2-7]{12}@inboxd\.test$/);
    assert.equal(created.domain_kind, 'public');
    assert.equal(created.publicly_readable, true);
    assert.equal(created.expires_after_seconds, 432000);
  });

  it('lists the public domains to a caller with no key, through visibleDomains', async () => {
    const { domains } = await t.app.inbox.operations.listDomains.run(fresh(), {});
    assert.deepEqual(domains, [
      { domain: 'inboxd.test', kind: 'public' },
      { domain: 'mail.inboxd.test', kind: 'public' },
    ]);
  });
});
