// GET /api/v1/mailbox/events (D26): the live mailbox the page follows, over real HTTPS. Admission answers
// JSON like every endpoint; then `ready`, one `message` per delivery (its summary, as the list gives it),
// keep-alives that also re-check access and find messages whose event was lost, and a clean end.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ulid } from 'ulid';
import { KEEPALIVE_MS, STREAM_LIFETIME_MS } from '../src/inbox/watch-mailbox.js';
import { MAX_OPEN_PER_NETWORK } from '../src/inbox/shared/open-streams.js';
import { until } from './support/mcp-client.js';
import { accountWithKey, bearer, operatorOf } from './support/operator.js';
import { eventsNamed, openMailboxStream, type MailboxStream } from './support/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { waitInput } from '../src/inbox/wait-for-message.js';

const DAY = 86_400_000;

describe('the live mailbox stream (D26)', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ INBOXD_PREMIUM_DOMAINS: 'vip.example.com' });
  });
  after(async () => t?.stop());

  async function ready(address: string, headers: Record<string, string> = {}): Promise<MailboxStream> {
    t.clock.advance(5000); // a fresh budget for the address (D17: burst 5)
    const stream = await openMailboxStream(t, address, headers);
    assert.equal(stream.status, 200, JSON.stringify(stream.refusal));
    await until(() => stream.events.length > 0, 'the ready event');
    assert.equal(stream.events[0]?.event, 'ready');
    return stream;
  }

  it('answers JSON errors, not a stream, when the request is refused', async () => {
    const bad = await openMailboxStream(t, 'not-an-address');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.refusal?.error, 'invalid_address');
    const premium = await openMailboxStream(t, 'someone@vip.example.com');
    assert.equal(premium.status, 402);
    assert.equal(premium.refusal?.error, 'payment_required');
  });

  it('sends ready, then each delivered message once, as the list shows it', async () => {
    const address = 'live@inboxd.test';
    const stream = await ready(address);
    assert.equal(stream.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(stream.headers.get('cache-control'), 'no-store');
    assert.equal(stream.headers.get('ratelimit-limit'), '5');
    assert.equal(stream.headers.get('strict-transport-security'), 'max-age=31536000');
    assert.deepEqual(eventsNamed(stream, 'ready'), [
      { address, keepalive_seconds: KEEPALIVE_MS / 1000, lifetime_seconds: STREAM_LIFETIME_MS / 1000 },
    ]);

    await t.send({ from: 'Shop <shop@example.org>', to: address, subject: 'first', text: 'one' });
    await t.send({
      from: 'shop@example.org',
      to: address,
      subject: 'second',
      text: 'two',
      attachments: [{ filename: 'a.txt', content: 'A' }],
    });
    await until(() => eventsNamed(stream, 'message').length === 2, 'two message events');
    t.clock.advance(5000);
    const list = await t.api(`/api/v1/mailbox?address=${address}`);
    assert.deepEqual(
      eventsNamed(stream, 'message'),
      [...list.json.messages].reverse(),
      'each event is the summary the list gives',
    );
    assert.deepEqual(
      stream.events.filter((e) => e.event === 'message').map((e) => e.id),
      [...list.json.messages].reverse().map((m: { id: string }) => m.id),
    );

    t.clock.advance(KEEPALIVE_MS);
    await until(() => stream.comments.length === 1, 'a keep-alive');
    assert.equal(eventsNamed(stream, 'message').length, 2, 'the keep-alive look sends nothing already sent');
    stream.close();
    await until(() => t.app.events.subscribers(address) === 0, 'the server to let go when the client leaves');
  });

  it('sends a message whose event was lost at the next keep-alive, and never one that was already there', async () => {
    const address = 'lost@inboxd.test';
    await t.send({ from: 'a@b.example', to: address, subject: 'before', text: 'old' });
    const stream = await ready(address);
    const now = t.clock.now();
    const id = ulid(now);
    // Stored as another node would store it, with its event lost on the way.
    await t.app.store.saveMail(
      {
        id,
        receivedAt: now,
        expiresAt: now + 5 * DAY,
        from: 'a@b.example',
        fromName: null,
        subject: 'no event',
        attachmentCount: 0,
        raw: new TextEncoder().encode('Subject: no event\r\n\r\nx\r\n'),
      },
      [{ id, mailbox: address }],
    );
    t.clock.advance(KEEPALIVE_MS);
    await until(() => stream.comments.length === 1, 'the keep-alive');
    assert.deepEqual(
      eventsNamed(stream, 'message').map((m) => (m as { subject: string }).subject),
      ['no event'],
    );
    stream.close();
  });

  it('ends with `end` after its lifetime and lets go of the mailbox', async () => {
    const address = 'lifetime@inboxd.test';
    const stream = await ready(address);
    assert.equal(t.app.events.subscribers(address), 1);
    t.clock.advance(STREAM_LIFETIME_MS);
    await until(() => stream.closed, 'the server to close the stream');
    assert.deepEqual(eventsNamed(stream, 'end'), [{ reason: 'lifetime' }]);
    assert.equal(t.app.events.subscribers(address), 0);
  });

  /** A premium holder's stream on `address`, open and ready, whose key is then revoked. */
  async function streamOfRevokedKey(address: string): Promise<MailboxStream> {
    const operator = operatorOf(t);
    const holder = await accountWithKey(operator, { plan: 'premium' });
    const stream = await ready(address, bearer(holder.key));
    await operator.keys.revoke(holder.keyId);
    return stream;
  }
  const errorsOf = (stream: MailboxStream) => eventsNamed(stream, 'error').map((e) => (e as { error: string }).error);

  it('ends with `error` at the next keep-alive once the key that opened it is revoked', async () => {
    const stream = await streamOfRevokedKey('held@vip.example.com');
    t.clock.advance(KEEPALIVE_MS);
    await until(() => stream.closed, 'the server to close the stream');
    assert.deepEqual(errorsOf(stream), ['forbidden']);
  });

  it('hands a revoked key no message that arrives before the next keep-alive: it ends with `error` instead', async () => {
    const address = 'held-then-mail@vip.example.com';
    const stream = await streamOfRevokedKey(address);
    await t.send({
      from: 'a@example.org',
      to: address,
      subject: 'after the revocation',
      text: 'not for a revoked key',
    });
    await until(() => stream.closed, 'the server to close the stream');
    assert.deepEqual(eventsNamed(stream, 'message'), [], 'no message handed over');
    assert.deepEqual(errorsOf(stream), ['forbidden']);
  });

  it('ends a wait_for_message whose key was revoked while it waited, and leaves the message unseen', async () => {
    const operator = operatorOf(t);
    const holder = await accountWithKey(operator, { plan: 'premium' });
    const address = 'waiting-revoked@vip.example.com';
    t.clock.advance(5000);
    const waiting = t.app.inbox.operations.waitForMessage.run(
      { network: '198.51.100.9', bearer: holder.key },
      waitInput.parse({ address, timeout_seconds: 50 }),
    );
    const ended = waiting.then(
      (result) => ({ result, error: undefined }),
      (error: { slug?: string }) => ({ result: undefined, error }),
    );
    await until(() => t.app.events.subscribers(address) === 1, 'the wait to subscribe');
    await operator.keys.revoke(holder.keyId);
    await t.send({ from: 'a@example.org', to: address, subject: 'after the revocation', text: 'code 482913' });
    const { result, error } = await ended;
    assert.equal(result, undefined, 'no message handed over');
    assert.equal(error?.slug, 'forbidden');
    const [message] = await t.app.store.listMessages({ mailbox: address, limit: 1, now: t.clock.now() });
    assert.equal(message?.seen, false, 'not marked seen for a key that may no longer read it');
  });

  it('counts each stream against the address budget (the sixth at once answers 429)', async () => {
    const address = 'burst@inboxd.test';
    t.clock.advance(5000);
    const streams = await Promise.all(Array.from({ length: 6 }, () => openMailboxStream(t, address)));
    const refused = streams.filter((s) => s.status === 429);
    assert.equal(refused.length, 1);
    assert.equal(refused[0]?.refusal?.error, 'rate_limited');
    assert.ok(Number(refused[0]?.headers.get('retry-after')) >= 1);
    for (const s of streams) s.close();
    await until(() => t.app.events.subscribers(address) === 0, 'the streams to close');
  });

  it(`lets one client network hold at most ${MAX_OPEN_PER_NETWORK} streams and waits at once`, async () => {
    t.clock.advance(5000);
    const streams = await Promise.all(
      Array.from({ length: MAX_OPEN_PER_NETWORK }, (_, i) => openMailboxStream(t, `many${i}@inboxd.test`)),
    );
    assert.ok(streams.every((s) => s.status === 200));
    const extra = await openMailboxStream(t, 'one-more@inboxd.test');
    assert.equal(extra.status, 429);
    assert.match(extra.refusal?.message ?? '', /At most 50 waits and live streams at once/);
    for (const s of streams) s.close();
    await until(
      () => streams.every((_, i) => t.app.events.subscribers(`many${i}@inboxd.test`) === 0),
      'the streams to close',
    );
    const again = await ready('one-more@inboxd.test');
    again.close();
  });
});

describe('the live mailbox stream when the server stops', () => {
  it('is ended by the server, which then stops promptly', async () => {
    const t = await startTestApp();
    const stream = await openMailboxStream(t, 'stopping@inboxd.test');
    await until(() => stream.events.length > 0, 'the ready event');
    await t.stop();
    await until(() => stream.closed, 'the stream to close');
  });
});
