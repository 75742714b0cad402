// GET /api/v1/mailbox/wait and POST /api/v1/inbox (issue 19) over real HTTPS: the matchers, the wake by
// the delivery, the timeout as a 200, the refusals at the edge (400), the gate (404, 429, 401) and the
// open-wait allowance (D23–D24), released when a client goes away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Operator } from '../src/operator/operator.js';
import { startDnsServer, type TestDnsServer } from './support/dns-server.js';
import { until } from './support/mcp-client.js';
import { bearer, operatorOf } from './support/operator.js';
import { startTestApp, type ApiResponse, type TestApp } from './support/test-app.js';

describe('the HTTP wait (issue 19)', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let operator: Operator;
  let mailbox = 0;
  /** A fresh address for each test: each has its own rate-limit budget. */
  const fresh = () => `wait${(mailbox += 1)}@inboxd.test`;

  /** The wait, a second of the manual clock after the request before it (the per-address budget is 1/s). */
  const wait = (query: string, init: Parameters<TestApp['api']>[1] = {}): Promise<ApiResponse> => {
    t.clock.advance(1000);
    return t.api(`/api/v1/mailbox/wait?${query}`, init);
  };
  const subjectOf = (answer: ApiResponse) => answer.json.message?.subject as string | undefined;

  before(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ INBOXD_DNS_SERVERS: dns.address, INBOXD_MX_HOST: 'mx.inboxd.test' });
    operator = operatorOf(t);
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('is described in the OpenAPI document: parameters, the bound on what a regex reads, the 200 of a timeout', async () => {
    const doc = (await t.api('/api/v1/openapi.json')).json;
    const route = doc.paths['/api/v1/mailbox/wait'].get;
    const names = (route.parameters as { name: string }[]).map((p) => p.name).sort();
    assert.deepEqual(names, [
      'address',
      'body',
      'body_regex',
      'from',
      'from_regex',
      'header',
      'nth',
      'since',
      'subject',
      'subject_regex',
      'timeout',
    ]);
    assert.match(route.parameters.find((p: { name: string }) => p.name === 'body_regex').description, /first 256 KiB/);
    assert.match(route.description, /"timeout"/);
    assert.ok(doc.paths['/api/v1/inbox'].post.requestBody.content['application/json']);
  });

  describe('POST /api/v1/inbox', () => {
    it('creates an address with no body, an empty body or {}, as create_inbox does (200)', async () => {
      for (const init of [
        {},
        { headers: { 'content-type': 'application/json' }, body: '' },
        { headers: { 'content-type': 'application/json' }, body: '{}' },
      ]) {
        const created = await t.api('/api/v1/inbox', { method: 'POST', ...init });
        assert.equal(created.status, 200, created.body);
        assert.match(created.json.address, /^[a-z2-7]{12}@inboxd\.test$/);
        assert.deepEqual(
          { ...created.json, address: undefined },
          { address: undefined, domain_kind: 'public', publicly_readable: true, expires_after_seconds: 432000 },
        );
      }
    });

    it('takes a domain and a prefix from the JSON body', async () => {
      const created = await t.api('/api/v1/inbox', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'mail.inboxd.test', prefix: 'signup' }),
      });
      assert.equal(created.status, 200, created.body);
      assert.match(created.json.address, /^signup-[a-z2-7]{12}@mail\.inboxd\.test$/);
    });

    it('refuses a bad prefix (400), an unknown domain (404) and a body that is not JSON', async () => {
      const post = (body: string, type = 'application/json') =>
        t.api('/api/v1/inbox', { method: 'POST', headers: { 'content-type': type }, body });
      const bad = await post('{"prefix": "-x"}');
      assert.deepEqual([bad.status, bad.json.error], [400, 'invalid_parameter']);
      const unknown = await post('{"domain": "nowhere.example"}');
      assert.deepEqual([unknown.status, unknown.json.error], [404, 'unknown_domain']);
      assert.equal((await post('{"prefix":')).status, 400);
      assert.equal((await post('prefix=x', 'text/plain')).status, 400);
    });
  });

  describe('matching', () => {
    const address = 'matching@inboxd.test';
    const ids: string[] = [];

    before(async () => {
      // Three mails a minute apart, oldest first: ids[0..2] below.
      const shop = 'Shop Accounts <noreply@shop.example>';
      const mails = [
        { from: shop, subject: 'Your code', text: 'Your code is 123456', run: '41' },
        { from: 'news@paper.example', subject: 'Weekly news', html: '<p>Read the <b>weekly digest</b></p>', run: '42' },
        { from: shop, subject: 'Confirm your account', text: 'Open https://shop.example/verify?t=ab12', run: '42' },
      ];
      for (const [i, { run, ...mail }] of mails.entries()) {
        if (i > 0) t.clock.advance(60_000);
        await t.send({ ...mail, to: address, headers: { 'X-Test-Run': run } });
      }
      const list = await t.api(`/api/v1/mailbox?address=${address}`);
      ids.push(...(list.json.messages as { id: string }[]).map((m) => m.id).reverse());
    });

    const first = (criteria: string) => wait(`address=${address}&timeout=0&${criteria}`);

    it('answers the oldest match, seen or not, and marks it seen (D3)', async () => {
      const answer = await first('');
      assert.equal(answer.status, 200);
      assert.equal(answer.json.status, 'received');
      assert.equal(answer.json.message.id, ids[0]);
      assert.equal(answer.json.message.seen, true);
      assert.deepEqual(answer.json.message.codes, ['123456']);
      assert.equal(subjectOf(await first('')), 'Your code', 'a message already seen still counts');
    });

    it('from: a substring of the sender or its display name; from_regex likewise', async () => {
      assert.equal(subjectOf(await first('from=PAPER.example')), 'Weekly news');
      assert.equal(subjectOf(await first('from=accounts')), 'Your code');
      assert.equal(subjectOf(await first(`from_regex=${encodeURIComponent('^news@')}`)), 'Weekly news');
    });

    it('subject and body, as substrings and as regexes; the body of an HTML-only message is its text', async () => {
      assert.equal(subjectOf(await first('subject=confirm')), 'Confirm your account');
      assert.equal(subjectOf(await first(`subject_regex=${encodeURIComponent('^weekly\\s')}`)), 'Weekly news');
      assert.equal(subjectOf(await first('body=weekly%20digest')), 'Weekly news');
      assert.equal(
        subjectOf(await first(`body_regex=${encodeURIComponent('verify\\?t=\\w+')}`)),
        'Confirm your account',
      );
      const none = await first(`body_regex=${encodeURIComponent('\\b\\d{8}\\b')}`);
      assert.deepEqual(none.json, { status: 'timeout', message: null });
    });

    it('header: equal to a value; given twice, both must hold', async () => {
      assert.equal(subjectOf(await first(`header=${encodeURIComponent('x-test-run: 42')}`)), 'Weekly news');
      assert.equal(
        subjectOf(
          await first(
            `header=${encodeURIComponent('X-Test-Run: 42')}&header=${encodeURIComponent('Subject: Confirm your account')}`,
          ),
        ),
        'Confirm your account',
      );
      assert.equal((await first(`header=${encodeURIComponent('X-Test-Run: 4')}`)).json.status, 'timeout');
    });

    it('since: a time (at or after) or a message id (after it)', async () => {
      const second = await first('nth=2');
      assert.equal(subjectOf(await first(`since=${encodeURIComponent(second.json.message.date)}`)), 'Weekly news');
      assert.equal(subjectOf(await first(`since=${ids[1]}`)), 'Confirm your account');
      assert.equal((await first(`since=${ids[2]}`)).json.status, 'timeout');
    });

    it('nth: the Nth match, oldest first', async () => {
      assert.equal(subjectOf(await first('nth=2')), 'Weekly news');
      assert.equal(subjectOf(await first('nth=3')), 'Confirm your account');
      assert.equal(subjectOf(await first('from=shop.example&nth=2')), 'Confirm your account');
      assert.equal((await first('nth=4')).json.status, 'timeout');
    });
  });

  it('is woken by the delivery of the message it waits for, not by another', async () => {
    const address = fresh();
    const answer = wait(`address=${address}&subject=second&timeout=50`);
    await until(() => t.app.events.subscribers(address) === 1, 'the wait to subscribe');
    await t.send({ from: 'a@sender.example', to: address, subject: 'first', text: 'not this one' });
    await t.send({ from: 'a@sender.example', to: address, subject: 'second', text: 'this one' });
    const got = await answer;
    assert.equal(got.status, 200);
    assert.equal(got.json.status, 'received');
    assert.equal(got.json.message.subject, 'second');
    assert.equal(t.app.events.subscribers(address), 0, 'the wait let go of the mailbox');
  });

  it('answers a timeout as a 200 with status "timeout" and message null', async () => {
    const address = fresh();
    const answer = wait(`address=${address}&timeout=3`);
    await until(() => t.app.events.subscribers(address) === 1 && t.clock.pendingTimers() === 2, 'the wait to sleep');
    t.clock.advance(3000);
    const got = await answer;
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, { status: 'timeout', message: null });
  });

  describe('refusals', () => {
    const refused = async (query: string, status: number, slug: string) => {
      const answer = await wait(query);
      assert.equal(answer.status, status, answer.body);
      assert.equal(answer.json.error, slug);
    };

    it('refuses an unsafe or broken regex, and one with a backreference or a lookaround (400)', async () => {
      const address = fresh();
      for (const pattern of ['(a+)+$', '(.*)*', '(', '(a)\\1', '(?=a)b', 'a'.repeat(201)]) {
        await refused(`address=${address}&body_regex=${encodeURIComponent(pattern)}`, 400, 'invalid_parameter');
      }
    });

    it('ends with 400 a wait whose regex, passed by the check, runs too long on a message', async () => {
      const address = fresh();
      await t.send({ from: 'a@sender.example', to: address, subject: 'a'.repeat(40), text: 'a'.repeat(40) });
      await refused(
        `address=${address}&timeout=0&body_regex=${encodeURIComponent('(a|a)*b')}`,
        400,
        'invalid_parameter',
      );
      await refused(
        `address=${address}&timeout=0&subject_regex=${encodeURIComponent('(a|a)*b')}`,
        400,
        'invalid_parameter',
      );
      assert.equal(
        (await wait(`address=${address}&timeout=0&body_regex=a%2Bb`)).json.status,
        'timeout',
        'a quick pattern that does not match',
      );
    });

    it('refuses bad parameters before any limit (400): address, header, since, nth, timeout', async () => {
      await refused('address=not-an-address', 400, 'invalid_address');
      await refused('address=a@inboxd.test&header=no-colon', 400, 'invalid_parameter');
      await refused('address=a@inboxd.test&since=yesterday', 400, 'invalid_parameter');
      await refused('address=a@inboxd.test&nth=0', 400, 'invalid_parameter');
      await refused('address=a@inboxd.test&nth=101', 400, 'invalid_parameter');
      await refused('address=a@inboxd.test&timeout=51', 400, 'invalid_parameter');
    });

    it('refuses an unknown domain (404 unknown_domain)', async () => {
      await refused('address=a@nowhere.example&timeout=0', 404, 'unknown_domain');
    });

    it('refuses past the per-address rate limit (429, D17)', async () => {
      const address = fresh();
      t.clock.advance(1000);
      for (let i = 0; i < 5; i += 1)
        assert.equal((await t.api(`/api/v1/mailbox/wait?address=${address}&timeout=0`)).status, 200);
      const limited = await t.api(`/api/v1/mailbox/wait?address=${address}&timeout=0`);
      assert.equal(limited.status, 429);
      assert.equal(limited.json.error, 'rate_limited');
      assert.ok(limited.headers.get('retry-after') !== null);
    });

    it('asks a key on a closed domain (401), and waits with it (D12)', async () => {
      dns.setMx('closed.example', ['mx.inboxd.test']);
      await t.send({ from: 'a@sender.example', to: 'box@closed.example', subject: 'connects the domain', text: 'x' });
      const { key } = await operator.domains.close('closed.example');
      await refused('address=box@closed.example&timeout=0', 401, 'unauthorized');
      const withKey = await wait('address=box@closed.example&timeout=0', { headers: bearer(key!) });
      assert.equal(withKey.status, 200, withKey.body);
      assert.equal(withKey.json.message.subject, 'connects the domain');
    });
  });

  it(`holds at most 50 waits open per client network (429 beyond), and lets go of one whose client went away`, async () => {
    const controllers: AbortController[] = [];
    const held: Promise<unknown>[] = [];
    const addresses = Array.from({ length: 50 }, () => fresh());
    for (const address of addresses) {
      const controller = new AbortController();
      controllers.push(controller);
      held.push(
        t
          .open(`/api/v1/mailbox/wait?address=${address}&timeout=50`, { signal: controller.signal })
          .catch(() => undefined),
      );
    }
    await until(() => addresses.every((a) => t.app.events.subscribers(a) === 1), 'the waits to open');
    const beyond = await wait(`address=${fresh()}&timeout=0`);
    assert.equal(beyond.status, 429);
    assert.equal(beyond.json.error, 'rate_limited');

    controllers[0]!.abort();
    await until(() => t.app.events.subscribers(addresses[0]!) === 0, 'the server to stop the abandoned wait');
    assert.equal((await wait(`address=${fresh()}&timeout=0`)).status, 200, 'its place is free again');
    for (const controller of controllers) controller.abort();
    await Promise.all(held);
    await until(() => addresses.every((a) => t.app.events.subscribers(a) === 0), 'every wait to end');
  });
});
