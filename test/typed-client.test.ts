// The typed client (inboxd/client) against the running service: every method on the real routes, the wait's
// criteria spelled as the endpoint reads them, the service's refusals as InboxdError with their slug, and a
// burst over the per-address limit (D17) carried through by trying again after Retry-After.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Agent, fetch } from 'undici';
import {
  InboxdClient,
  InboxdError,
  InboxdTimeoutError,
  type ClientClock,
  type FetchLike,
} from '../src/client/index.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('the typed client against the service', () => {
  let t: TestApp;
  let dispatcher: Agent;
  let client: InboxdClient;
  /** The statuses the service answered, in order. */
  const statuses: number[] = [];
  before(async () => {
    t = await startTestApp();
    dispatcher = new Agent({ connect: { ca: t.app.tls.cert, servername: 'localhost' } });
    const trusting: FetchLike = async (url, init) => {
      const response = await fetch(url, { ...init, dispatcher });
      statuses.push(response.status);
      return response;
    };
    // The service's manual clock: the client's time limits run on it (and so never fire here), and a pause
    // before trying again lets that much time pass at once, for the client and for the service's limits.
    const clock: ClientClock = {
      now: () => t.clock.now(),
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          if (signal === undefined) {
            t.clock.advance(ms);
            return resolve();
          }
          const cancel = t.clock.schedule(ms, resolve);
          signal.addEventListener('abort', () => (cancel(), resolve()), { once: true });
        }),
    };
    client = new InboxdClient({ baseUrl: `https://127.0.0.1:${t.app.httpsPort}`, fetch: trusting, clock });
  });
  after(async () => {
    await dispatcher.close();
    await t.stop();
  });

  it('creates an address, finds mail by header, nth and since, and reads, lists, extracts, downloads and deletes it', async () => {
    const { address, domain_kind } = await client.createInbox({ domain: 'mail.inboxd.test', prefix: 'suite' });
    assert.match(address, /^suite-[a-z2-7]{12}@mail\.inboxd\.test$/);
    assert.equal(domain_kind, 'public');
    await t.send({
      from: 'Shop <noreply@shop.example>',
      to: address,
      subject: 'Your code',
      text: 'Your code is 123456',
      headers: { 'X-Test-Run': '41' },
    });
    await t.send({
      from: 'Shop <noreply@shop.example>',
      to: address,
      subject: 'Confirm your account',
      text: 'Code 654321: https://shop.example/verify?t=ab12',
      headers: { 'X-Test-Run': '42' },
    });

    const tagged = await client.waitForMessage({ to: address, header: { 'X-Test-Run': '42' }, timeout: 0 });
    assert.deepEqual(
      [tagged.subject, tagged.codes[0], tagged.links[0]],
      ['Confirm your account', '654321', 'https://shop.example/verify?t=ab12'],
    );
    const second = await client.waitForMessage({ to: address, from: 'shop', nth: 2, timeout: 0 });
    assert.equal(second.id, tagged.id);
    const first = await client.waitForMessage({ to: address, subjectRegex: /^your\s+CODE$/, timeout: 0 });
    assert.equal((await client.waitForMessage({ to: address, since: first.id, timeout: 0 })).id, tagged.id);
    await assert.rejects(client.waitForMessage({ to: address, since: tagged.id, timeout: 0 }), InboxdTimeoutError);

    const page = await client.list(address, { limit: 1 });
    assert.deepEqual([page.count, page.messages[0]?.id], [1, tagged.id]);
    assert.equal((await client.list(address, { before: page.next! })).messages[0]?.id, first.id);
    assert.equal((await client.read(address, first.id)).text?.trim(), 'Your code is 123456');
    assert.deepEqual(await client.codes(address, first.id), { id: first.id, codes: ['123456'], links: [] });
    assert.deepEqual((await client.links(address, tagged.id)).links, ['https://shop.example/verify?t=ab12']);
    assert.match(new TextDecoder().decode(await client.raw(address, first.id)), /^Subject: Your code\r$/m);
    assert.deepEqual(await client.delete(address, first.id), { deleted: true, id: first.id });
    await assert.rejects(client.read(address, first.id), { name: 'InboxdError', status: 404, slug: 'not_found' });
  });

  it('throws the service’s refusals with their slug: a regex that could backtrack without limit, an unhosted domain', async () => {
    const { address } = await client.createInbox();
    await assert.rejects(
      client.waitForMessage({ to: address, subjectRegex: '(a+)+$', timeout: 0 }),
      (error: unknown) => {
        assert.ok(error instanceof InboxdError);
        assert.deepEqual([error.status, error.slug], [400, 'invalid_parameter']);
        return true;
      },
    );
    await assert.rejects(client.list('someone@not-hosted.example'), { status: 404, slug: 'unknown_domain' });
  });

  it('a burst over the per-address limit is carried through: each 429 tried again after its Retry-After', async () => {
    const { address } = await client.createInbox();
    statuses.length = 0;
    const pages = await Promise.all(Array.from({ length: 8 }, () => client.list(address)));
    assert.deepEqual(
      pages.map((page) => page.count),
      Array.from({ length: 8 }, () => 0),
    );
    assert.ok(statuses.includes(429), `the service refused some of the burst: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((status) => status === 200).length, 8);
  });
});
