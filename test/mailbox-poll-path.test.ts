// The pollers' path to GET /api/v1/mailbox (src/http/routes/mailbox-poll-path.ts) answers in front of
// fastify; fastify's route answers a request that path leaves alone: here one with X-Forwarded-Proto:
// http, which the path leaves to the HTTPS redirect rule (not installed: no proxy is trusted, so the
// route answers). Both must give the same answer: status, headers (CORS, security headers, ETag, Cache-Control, content
// type, RateLimit-*) and body, and a refusal by the gate (404, 429) must be answered by the one error
// handler, charged once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type ApiResponse, type TestApp } from './support/test-app.js';

/** Headers that differ between two answers for reasons of their own (time, connection, the budget left). */
const OWN = new Set(['date', 'connection', 'keep-alive', 'ratelimit-remaining', 'ratelimit-reset']);

function headersOf(headers: Headers): Map<string, string> {
  return new Map([...headers.entries()].filter(([name]) => !OWN.has(name)));
}

describe("the pollers' path to the list answers as fastify's route does (P37)", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => {
    await t?.stop();
  });

  async function both(path: string, headers: Record<string, string> = {}): Promise<[ApiResponse, ApiResponse]> {
    t.clock.advance(2000);
    const socket = await t.api(path, { headers });
    t.clock.advance(2000);
    return [socket, await t.api(path, { headers: { ...headers, 'x-forwarded-proto': 'http' } })];
  }

  function assertSame(socket: ApiResponse, routed: ApiResponse, what: string): void {
    assert.equal(socket.status, routed.status, what);
    assert.deepEqual(headersOf(socket.headers), headersOf(routed.headers), what);
    assert.equal(socket.body, routed.body, what);
  }

  it('a page, then 304 for its ETag: same status, headers and body as the routed request', async () => {
    const address = 'fast-path@inboxd.test';
    await t.send({ from: 'a@example.org', to: address, subject: 'one', text: 'x' });
    const [page, routedPage] = await both(`/api/v1/mailbox?address=${address}`);
    assert.equal(page.status, 200);
    assertSame(page, routedPage, 'the page');
    for (const name of [
      'access-control-allow-origin',
      'access-control-expose-headers',
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'ratelimit-limit',
      'etag',
      'cache-control',
      'content-type',
      'content-length',
    ])
      assert.ok(page.headers.get(name) !== null, name);
    const etag = page.headers.get('etag')!;
    const [notModified, routedNotModified] = await both(`/api/v1/mailbox?address=${address}&limit=50`, {
      'if-none-match': etag,
    });
    // limit=50 is the default: the same query, the same ETag.
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers.get('content-length'), null);
    assertSame(notModified, routedNotModified, 'the 304');
  });

  it('a refusal after the charge (unknown domain) comes from the error handler with RateLimit-*, charged once', async () => {
    const path = '/api/v1/mailbox?address=someone@not-hosted.example';
    const [refused, routedRefused] = await both(path);
    assert.equal(refused.status, 404);
    assert.equal(JSON.parse(refused.body).error, 'unknown_domain');
    assertSame(refused, routedRefused, 'the 404');
    // No time passes: the address's burst of 5 (D17) shows each request charged once.
    const first = await t.api(path);
    const second = await t.api(path);
    assert.equal(
      Number(first.headers.get('ratelimit-remaining')) - 1,
      Number(second.headers.get('ratelimit-remaining')),
    );
  });

  it('refuses past the address burst with 429, Retry-After and RateLimit-*', async () => {
    const path = '/api/v1/mailbox?address=burst@inboxd.test';
    t.clock.advance(10_000);
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await t.api(path);
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.equal(JSON.parse(last!.body).error, 'rate_limited');
    assert.ok(last!.headers.get('retry-after') !== null);
    assert.equal(last!.headers.get('ratelimit-remaining'), '0');
    assert.equal(last!.headers.get('access-control-allow-origin'), '*');
  });

  it('leaves a query the schema refuses to the route: 400 as before', async () => {
    const [bad, routedBad] = await both('/api/v1/mailbox?address=not-an-address');
    assert.equal(bad.status, 400);
    assertSame(bad, routedBad, 'the 400');
    const [limit, routedLimit] = await both('/api/v1/mailbox?address=a@inboxd.test&limit=0');
    assert.equal(limit.status, 400);
    assertSame(limit, routedLimit, 'a limit out of range');
    const [twice] = await both('/api/v1/mailbox?address=a@inboxd.test&address=b@inboxd.test');
    assert.equal(twice.status, 400);
  });

  it('counts its answers in /metrics under the route', async () => {
    const metrics = await t.api('/metrics');
    assert.match(
      metrics.body,
      /inboxd_http_requests_total\{route="\/api\/v1\/mailbox",method="GET",status="304"\} [1-9]/,
    );
  });
});
