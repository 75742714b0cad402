// The endpoints of interface §4 in process (app.inject, mail through inbox.deliver): listing, paging,
// validation, the unknown domain, codes, delete, expiry, routing errors, CORS and cache headers, the
// OpenAPI document and health. The round trip over real SMTP and HTTPS is in test/http-api.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFastApp } from '../support/fast-app.js';
import { appForSuite, apiAtFreshMoments } from '../support/suite-app.js';

describe('HTTP API v1', () => {
  const t = appForSuite(() => startFastApp());

  const get = apiAtFreshMoments(t);

  it('answers an empty mailbox with 200 and count 0, never 404', async () => {
    const r = await get('/api/v1/mailbox?address=nobody-yet@inboxd.test');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { address: 'nobody-yet@inboxd.test', count: 0, next: null, messages: [] });
  });

  it('pages newest first with next and before until next is null (D2)', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.send({ from: 'p@example.org', to: 'pages@inboxd.test', subject: `m${i}`, text: 'x' });
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = before === null ? '' : `&before=${before}`;
      const page = await get(`/api/v1/mailbox?address=pages@inboxd.test&limit=2${query}`);
      assert.equal(page.status, 200);
      assert.equal(page.json.count, page.json.messages.length);
      seen.push(...page.json.messages.map((m: { subject: string }) => m.subject));
      before = page.json.next;
      pages += 1;
    } while (before !== null);
    assert.deepEqual(seen, ['m4', 'm3', 'm2', 'm1', 'm0']);
    assert.equal(pages, 3);
    const exact = await get('/api/v1/mailbox?address=pages@inboxd.test&limit=5');
    assert.equal(exact.json.next, null, 'no next when nothing older remains');
    assert.equal((await get('/api/v1/mailbox?address=pages@inboxd.test')).json.count, 5, 'default limit 50');
  });

  it('refuses malformed input with 400 and the slugs of D16', async () => {
    const cases: [string, string, string?][] = [
      ['/api/v1/mailbox', 'invalid_address'],
      ['/api/v1/mailbox?address=not-an-address', 'invalid_address'],
      ['/api/v1/mailbox?address=%22quoted%22@inboxd.test', 'invalid_address'],
      ['/api/v1/mailbox?address=a@inboxd.test&limit=0', 'invalid_parameter'],
      ['/api/v1/mailbox?address=a@inboxd.test&limit=201', 'invalid_parameter'],
      ['/api/v1/mailbox?address=a@inboxd.test&limit=ten', 'invalid_parameter'],
      ['/api/v1/mailbox?address=a@inboxd.test&before=nope', 'invalid_parameter'],
      ['/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A', 'invalid_address'],
      ['/api/v1/message/not-an-id?mailbox=a@inboxd.test', 'invalid_parameter'],
      ['/api/v1/message/not-an-id?mailbox=a@inboxd.test', 'invalid_parameter', 'DELETE'],
      ['/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A?mailbox=bad', 'invalid_address', 'DELETE'],
      ['/api/v1/attachment/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A?mailbox=', 'invalid_address'],
    ];
    for (const [path, slug, method] of cases) {
      const r = await get(path, { method: method ?? 'GET' });
      assert.equal(r.status, 400, path);
      assert.equal(r.json.error, slug, path);
      assert.equal(typeof r.json.message, 'string');
    }
  });

  it('answers 404 unknown_domain for a domain not hosted here, on every endpoint (D1)', async () => {
    const id = '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A';
    for (const [path, method] of [
      ['/api/v1/mailbox?address=a@elsewhere.example', 'GET'],
      [`/api/v1/message/${id}?mailbox=a@elsewhere.example`, 'GET'],
      [`/api/v1/message/${id}?mailbox=a@elsewhere.example`, 'DELETE'],
      [`/api/v1/message/${id}/codes?mailbox=a@elsewhere.example`, 'GET'],
      [`/api/v1/attachment/${id}?mailbox=a@elsewhere.example`, 'GET'],
    ] as const) {
      const r = await get(path, { method });
      assert.deepEqual([r.status, r.json.error], [404, 'unknown_domain'], `${method} ${path}`);
    }
  });

  it('reads the likely codes and the links of a message without setting seen, and 404 for one not in that mailbox (D24)', async () => {
    await t.send({
      from: 'no-reply@service.example',
      to: 'codes-route@inboxd.test',
      subject: 'Your sign-in code',
      text: 'Your sign-in code is 482913.\n\nOr confirm here: https://service.example/confirm?t=abc\n\nUnsubscribe: https://service.example/unsubscribe?u=1',
    });
    const [summary] = (await get('/api/v1/mailbox?address=codes-route@inboxd.test')).json.messages;
    const found = await get(`/api/v1/message/${summary.id}/codes?mailbox=codes-route@inboxd.test`);
    assert.equal(found.status, 200);
    assert.deepEqual(found.json, {
      id: summary.id,
      codes: ['482913'],
      links: ['https://service.example/confirm?t=abc', 'https://service.example/unsubscribe?u=1'],
    });
    assert.equal(
      (await get('/api/v1/mailbox?address=codes-route@inboxd.test')).json.messages[0].seen,
      false,
      'codes do not set seen',
    );
    const elsewhere = await get(`/api/v1/message/${summary.id}/codes?mailbox=someone-else@inboxd.test`);
    assert.deepEqual([elsewhere.status, elsewhere.json.error], [404, 'not_found']);
    const malformed = await get('/api/v1/message/not-an-id/codes?mailbox=codes-route@inboxd.test');
    assert.equal(malformed.status, 400);
  });

  it('deletes any well-formed id with 200, even one that never existed (D1)', async () => {
    const r = await get('/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A?mailbox=a@inboxd.test', { method: 'DELETE' });
    assert.deepEqual([r.status, r.json], [200, { deleted: true, id: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' }]);
  });

  it('hides a message from the instant it expires and sweeps it afterwards (D4)', async () => {
    await t.send({ from: 'x@example.org', to: 'expiring@inboxd.test', subject: 'soon gone', text: 'x' });
    const list = await get('/api/v1/mailbox?address=expiring@inboxd.test');
    const { id, expires_at: expiresAt } = list.json.messages[0];
    t.clock.set(Date.parse(expiresAt) - 1);
    assert.equal((await t.api(`/api/v1/message/${id}?mailbox=expiring@inboxd.test`)).status, 200);
    t.clock.set(Date.parse(expiresAt));
    const expired = await t.api(`/api/v1/message/${id}?mailbox=expiring@inboxd.test`);
    assert.deepEqual([expired.status, expired.json.error], [404, 'not_found']);
    assert.equal((await get('/api/v1/mailbox?address=expiring@inboxd.test')).json.count, 0);
    assert.ok((await t.app.sweeper.runOnce()) >= 1);
    const stored = await t.app.store.listMessages({ mailbox: 'expiring@inboxd.test', limit: 10, now: 0 });
    assert.equal(stored.length, 0, 'the sweeper deleted the rows, not only hid them');
  });

  it('answers JSON 404 for unknown routes and 405 with Allow for a wrong method', async () => {
    const missing = await get('/api/v1/nothing-here');
    assert.deepEqual([missing.status, missing.json.error], [404, 'not_found']);
    const wrong = await get('/api/v1/mailbox?address=a@inboxd.test', { method: 'PUT' });
    assert.deepEqual([wrong.status, wrong.json.error], [405, 'method_not_allowed']);
    assert.match(wrong.headers.get('allow') as string, /GET/);
    const patch = await get('/api/v1/message/01KAGZ3M9Q8R7T6V5W4X3Y2Z1A?mailbox=a@inboxd.test', { method: 'PATCH' });
    assert.equal(patch.status, 405);
    assert.match(patch.headers.get('allow') as string, /DELETE/);
  });

  it('allows any origin and sends HSTS and no-store on API responses, the list revalidated instead (D18, D21, P37)', async () => {
    const r = await get('/api/v1/mailbox?address=a@inboxd.test', { headers: { Origin: 'https://app.example' } });
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    assert.match(r.headers.get('strict-transport-security') as string, /max-age=\d+/);
    assert.equal(r.headers.get('cache-control'), 'private, no-cache');
    assert.match(r.headers.get('access-control-expose-headers') as string, /ETag/);
    assert.equal((await get('/api/v1/domains')).headers.get('cache-control'), 'no-store');
    const preflight = await get('/api/v1/mailbox?address=a@inboxd.test', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization, if-none-match',
      },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') as string, /Authorization/i);
    assert.match(preflight.headers.get('access-control-allow-headers') as string, /If-None-Match/i);
  });

  it('serves the OpenAPI 3.1 document and a reference page (D20)', async () => {
    const doc = await get('/api/v1/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.json.openapi, '3.1.0');
    assert.equal(doc.json.info.version, '1.0.0');
    assert.deepEqual(doc.json.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer' } });
    assert.deepEqual(doc.json.security, [{}, { bearer: [] }]);
    assert.deepEqual(Object.keys(doc.json.paths).sort(), [
      '/api/v1/attachment/{id}',
      '/api/v1/domains',
      '/api/v1/inbox',
      '/api/v1/mailbox',
      '/api/v1/mailbox/events',
      '/api/v1/mailbox/wait',
      '/api/v1/message/{id}',
      '/api/v1/message/{id}/codes',
      '/api/v1/message/{id}/raw',
    ]);
    assert.deepEqual(
      Object.keys(doc.json.paths['/api/v1/mailbox/events'].get.responses['200'].content),
      ['text/event-stream'],
      'the live mailbox is documented as a stream (D26)',
    );
    const limit = doc.json.paths['/api/v1/mailbox'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    assert.deepEqual([limit.schema.minimum, limit.schema.maximum], [1, 200], 'generated from the validating schema');
    const list = doc.json.paths['/api/v1/mailbox'].get;
    assert.match(list.responses['304'].description, /Not Modified/, 'the 304 of a poll is documented (P37)');
    assert.match(list.description, /If-None-Match/);
    const page = await get('/api/v1/docs/');
    assert.equal(page.status, 200);
    assert.match(page.body, /<html/i);
  });

  it('reports health and readiness', async () => {
    assert.deepEqual((await get('/healthz')).json, { status: 'ok' });
    assert.deepEqual((await get('/readyz')).json, { status: 'ready' });
  });
});
