// The typed client against a stub fetch (no ports, no service) and a manual clock (no sleeping): what it
// asks for, how it spells the criteria of a wait, what it throws, how it honours 429 and its own time limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  InboxdClient,
  InboxdError,
  InboxdTimeoutError,
  type ClientClock,
  type FetchLike,
  type FetchRequest,
} from './index.js';

interface Sent {
  url: string;
  init: FetchRequest;
}

/** Answers each request with the next of `answers` (a Response, or a function of the request), recording it. */
function stubFetch(...answers: (Response | ((request: Sent) => Promise<Response>))[]): {
  fetch: FetchLike;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request = { url, init };
    sent.push(request);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no answer left for ${init.method} ${url}`);
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { fetch, sent };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A clock that moves only when told; `sleeps` lists every pause asked for, in ms. */
function manualClock(start = Date.UTC(2026, 10, 21, 12)) {
  let now = start;
  const timers = new Set<{ at: number; resolve: () => void }>();
  const sleeps: number[] = [];
  const clock: ClientClock & { advance(ms: number): void; pending(): number; sleeps: number[] } = {
    now: () => now,
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve) => {
        const timer = { at: now + ms, resolve };
        timers.add(timer);
        signal?.addEventListener('abort', () => timers.delete(timer) && resolve(), { once: true });
      });
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.resolve();
      }
    },
    pending: () => timers.size,
    sleeps,
  };
  return clock;
}

/** Lets pending promise callbacks run until the condition holds (no fixed sleep). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 1000; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const MESSAGE = {
  id: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A',
  from: 'noreply@shop.example',
  from_name: 'Shop',
  subject: 'Your code',
  date: '2026-11-21T12:00:00.000Z',
  seen: true,
  expires_at: '2026-11-26T12:00:00.000Z',
  to: 'signup-abc@inboxd.test',
  text: 'Your code is 482913',
  html: null,
  headers: [],
  attachments: [],
  codes: ['482913'],
  links: ['https://shop.example/confirm?t=1'],
};

function client(
  fetch: FetchLike,
  options: { apiKey?: string; baseUrl?: string; clock?: ClientClock; retryDeadlineMs?: number } = {},
) {
  return new InboxdClient({
    baseUrl: options.baseUrl ?? 'https://inboxd.test',
    fetch,
    clock: options.clock ?? manualClock(),
    ...options,
  });
}

describe('InboxdClient requests', () => {
  it('createInbox POSTs its options as JSON to /api/v1/inbox with the key as a bearer token', async () => {
    const created = {
      address: 'signup-k3j2@inboxd.test',
      domain_kind: 'public',
      publicly_readable: true,
      expires_after_seconds: 432000,
    };
    const { fetch, sent } = stubFetch(json(created));
    assert.deepEqual(await client(fetch, { apiKey: 'ik_secret' }).createInbox({ prefix: 'signup' }), created);
    assert.equal(sent[0]!.url, 'https://inboxd.test/api/v1/inbox');
    assert.equal(sent[0]!.init.method, 'POST');
    assert.equal(sent[0]!.init.body, '{"prefix":"signup"}');
    assert.equal(sent[0]!.init.headers.authorization, 'Bearer ik_secret');
    assert.equal(sent[0]!.init.headers['content-type'], 'application/json');
  });

  it('createInbox without options sends an empty JSON object, and no Authorization without a key', async () => {
    const { fetch, sent } = stubFetch(json({}));
    await client(fetch).createInbox();
    assert.equal(sent[0]!.init.body, '{}');
    assert.equal(sent[0]!.init.headers.authorization, undefined);
  });

  it('list encodes the address and the paging in the query, under a base URL with a path and a trailing slash', async () => {
    const { fetch, sent } = stubFetch(json({ address: 'a+b@inboxd.test', count: 0, next: null, messages: [] }));
    await client(fetch, { baseUrl: 'https://proxy.example/inboxd/' }).list('a+b@inboxd.test', {
      limit: 10,
      before: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A',
    });
    assert.equal(
      sent[0]!.url,
      'https://proxy.example/inboxd/api/v1/mailbox?address=a%2Bb%40inboxd.test&limit=10&before=01KAGZ3M9Q8R7T6V5W4X3Y2Z1A',
    );
    assert.equal(sent[0]!.init.method, 'GET');
    assert.equal(sent[0]!.init.body, undefined);
  });

  it('read, delete, codes, links and raw name the message in the path and its mailbox in the query', async () => {
    const codes = { id: 'X1', codes: ['482913'], links: ['https://shop.example/confirm'] };
    const { fetch, sent } = stubFetch(
      json(MESSAGE),
      json({ deleted: true, id: 'X1' }),
      json(codes),
      json(codes),
      new Response(new Uint8Array([70, 114, 111, 109])),
    );
    const inboxd = client(fetch);
    assert.equal((await inboxd.read('a@inboxd.test', 'X1')).subject, 'Your code');
    assert.deepEqual(await inboxd.delete('a@inboxd.test', 'X1'), { deleted: true, id: 'X1' });
    assert.deepEqual((await inboxd.codes('a@inboxd.test', 'X1')).codes, ['482913']);
    assert.deepEqual((await inboxd.links('a@inboxd.test', 'X1')).links, ['https://shop.example/confirm']);
    assert.deepEqual(await inboxd.raw('a@inboxd.test', 'X1'), new Uint8Array([70, 114, 111, 109]));
    assert.deepEqual(
      sent.map((request) => `${request.init.method} ${request.url}`),
      [
        'GET https://inboxd.test/api/v1/message/X1?mailbox=a%40inboxd.test',
        'DELETE https://inboxd.test/api/v1/message/X1?mailbox=a%40inboxd.test',
        'GET https://inboxd.test/api/v1/message/X1/codes?mailbox=a%40inboxd.test',
        'GET https://inboxd.test/api/v1/message/X1/codes?mailbox=a%40inboxd.test',
        'GET https://inboxd.test/api/v1/message/X1/raw?mailbox=a%40inboxd.test',
      ],
    );
  });

  it('an id is percent-encoded in the path', async () => {
    const { fetch, sent } = stubFetch(json(MESSAGE));
    await client(fetch).read('a@inboxd.test', '../x?y');
    assert.equal(sent[0]!.url, 'https://inboxd.test/api/v1/message/..%2Fx%3Fy?mailbox=a%40inboxd.test');
  });
});

describe('InboxdClient.waitForMessage', () => {
  it('spells every criterion in the query of GET /api/v1/mailbox/wait and answers the message with its codes and links', async () => {
    const { fetch, sent } = stubFetch(json({ status: 'received', message: MESSAGE }));
    const message = await client(fetch).waitForMessage({
      to: 'signup-abc@inboxd.test',
      from: 'shop',
      subject: 'Your code',
      body: 'code is',
      fromRegex: /^noreply@/,
      subjectRegex: 'c[o0]de',
      bodyRegex: /\d{6}/i,
      header: { 'X-Test-Run': '42', 'X-Suite': 'signup' },
      since: new Date(Date.UTC(2026, 10, 21, 12)),
      nth: 2,
      timeout: 10,
    });
    assert.deepEqual(message.codes, ['482913']);
    const url = new URL(sent[0]!.url);
    assert.equal(url.pathname, '/api/v1/mailbox/wait');
    assert.deepEqual(
      [...url.searchParams],
      [
        ['address', 'signup-abc@inboxd.test'],
        ['from', 'shop'],
        ['subject', 'Your code'],
        ['body', 'code is'],
        ['from_regex', '^noreply@'],
        ['subject_regex', 'c[o0]de'],
        ['body_regex', '\\d{6}'],
        ['header', 'X-Test-Run: 42'],
        ['header', 'X-Suite: signup'],
        ['since', '2026-11-21T12:00:00.000Z'],
        ['nth', '2'],
        ['timeout', '10'],
      ],
    );
  });

  it('waits 30 seconds unless told, and takes a message id as since', async () => {
    const { fetch, sent } = stubFetch(json({ status: 'received', message: MESSAGE }));
    await client(fetch).waitForMessage({ to: 'a@inboxd.test', since: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' });
    assert.equal(
      sent[0]!.url,
      'https://inboxd.test/api/v1/mailbox/wait?address=a%40inboxd.test&since=01KAGZ3M9Q8R7T6V5W4X3Y2Z1A&timeout=30',
    );
  });

  it('throws InboxdTimeoutError (status 200, slug timeout) when the service answers timeout', async () => {
    const { fetch } = stubFetch(json({ status: 'timeout', message: null }));
    await assert.rejects(client(fetch).waitForMessage({ to: 'a@inboxd.test', timeout: 5 }), (error: unknown) => {
      assert.ok(error instanceof InboxdTimeoutError);
      assert.ok(error instanceof InboxdError);
      assert.equal(error.status, 200);
      assert.equal(error.slug, 'timeout');
      return true;
    });
  });

  it('a wait over 50 seconds is asked again until it has been held that long in all', async () => {
    const timeout = () => json({ status: 'timeout', message: null });
    const { fetch, sent } = stubFetch(timeout(), timeout(), json({ status: 'received', message: MESSAGE }));
    await client(fetch).waitForMessage({ to: 'a@inboxd.test', timeout: 120 });
    assert.deepEqual(
      sent.map((request) => new URL(request.url).searchParams.get('timeout')),
      ['50', '50', '20'],
    );
  });
});

describe('InboxdClient errors', () => {
  it('a refusal throws InboxdError with the status, the slug and the message of the service', async () => {
    const { fetch } = stubFetch(json({ error: 'not_found', message: 'No such message.' }, 404));
    await assert.rejects(client(fetch).read('a@inboxd.test', 'X1'), (error: unknown) => {
      assert.ok(error instanceof InboxdError && !(error instanceof InboxdTimeoutError));
      assert.deepEqual([error.status, error.slug, error.message], [404, 'not_found', 'No such message.']);
      return true;
    });
  });

  it('an answer that is not the service’s JSON keeps its status, with slug http_<status>', async () => {
    const { fetch } = stubFetch(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await assert.rejects(client(fetch).list('a@inboxd.test'), {
      name: 'InboxdError',
      status: 502,
      slug: 'http_502',
      message: '502 Bad Gateway',
    });
  });

  it('a fetch that fails throws InboxdError with status 0 and slug network_error, the cause kept', async () => {
    const failure = new TypeError('fetch failed');
    const { fetch } = stubFetch(async () => Promise.reject(failure));
    await assert.rejects(client(fetch).list('a@inboxd.test'), (error: unknown) => {
      assert.ok(error instanceof InboxdError);
      assert.deepEqual([error.status, error.slug, error.cause], [0, 'network_error', failure]);
      return true;
    });
  });

  it('an answer of 2xx that is not JSON throws invalid_response', async () => {
    const { fetch } = stubFetch(new Response('not json'));
    await assert.rejects(client(fetch).list('a@inboxd.test'), { slug: 'invalid_response', status: 200 });
  });
});

describe('InboxdClient and 429', () => {
  it('tries again after the Retry-After of a 429 (on its clock) and answers what the second attempt got', async () => {
    const clock = manualClock();
    const { fetch, sent } = stubFetch(
      json({ error: 'rate_limited', message: 'Slow down.' }, 429, { 'retry-after': '2' }),
      json({ domains: [] }),
    );
    const answer = client(fetch, { clock }).domains();
    await until(() => clock.sleeps.includes(2000), 'the pause of Retry-After');
    assert.equal(sent.length, 1, 'not before the pause is over');
    clock.advance(2000);
    assert.deepEqual(await answer, { domains: [] });
    assert.equal(sent.length, 2);
  });

  it('reads a Retry-After given as an HTTP date, and tries again after a 503 too', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
    const { fetch } = stubFetch(
      json({ error: 'unavailable', message: 'Try again.' }, 503, { 'retry-after': 'Sat, 21 Nov 2026 12:00:03 GMT' }),
      json({ domains: [] }),
    );
    const answer = client(fetch, { clock }).domains();
    await until(() => clock.sleeps.includes(3000), 'a pause of three seconds');
    clock.advance(3000);
    assert.deepEqual(await answer, { domains: [] });
  });

  it('throws the 429 with its Retry-After when waiting would pass the retry deadline', async () => {
    const { fetch, sent } = stubFetch(
      json({ error: 'rate_limited', message: 'Slow down.' }, 429, { 'retry-after': '61' }),
    );
    await assert.rejects(client(fetch, { retryDeadlineMs: 60_000 }).list('a@inboxd.test'), {
      status: 429,
      slug: 'rate_limited',
      retryAfterSeconds: 61,
    });
    assert.equal(sent.length, 1);
  });

  it('does not try again after other refusals', async () => {
    const { fetch, sent } = stubFetch(json({ error: 'forbidden', message: 'No.' }, 403, { 'retry-after': '1' }));
    await assert.rejects(client(fetch).list('a@inboxd.test'), { status: 403, slug: 'forbidden' });
    assert.equal(sent.length, 1);
  });
});

describe('InboxdClient time limit', () => {
  /** A fetch that answers only by failing when its signal aborts, as fetch does. */
  const hanging = async (request: Sent) =>
    new Promise<Response>((_resolve, reject) =>
      request.init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );

  it('gives a request up after requestTimeoutMs on its clock with InboxdTimeoutError, status 0', async () => {
    const clock = manualClock();
    const { fetch, sent } = stubFetch(hanging);
    const answer = new InboxdClient({ baseUrl: 'https://inboxd.test', fetch, clock, requestTimeoutMs: 5000 }).list(
      'a@inboxd.test',
    );
    await until(() => sent.length === 1 && clock.pending() === 1, 'the request');
    clock.advance(4999);
    assert.equal(sent[0]!.init.signal.aborted, false);
    clock.advance(1);
    await assert.rejects(
      answer,
      (error: unknown) => error instanceof InboxdTimeoutError && error.status === 0 && error.slug === 'timeout',
    );
  });

  it('lets the service hold a wait for its timeout before its own limit counts', async () => {
    const clock = manualClock();
    const { fetch, sent } = stubFetch(hanging);
    const answer = new InboxdClient({
      baseUrl: 'https://inboxd.test',
      fetch,
      clock,
      requestTimeoutMs: 5000,
    }).waitForMessage({ to: 'a@inboxd.test', timeout: 20 });
    await until(() => sent.length === 1 && clock.pending() === 1, 'the wait');
    clock.advance(24_999);
    assert.equal(sent[0]!.init.signal.aborted, false, 'still held by the service');
    clock.advance(1);
    await assert.rejects(answer, { name: 'InboxdTimeoutError', status: 0 });
  });

  it('leaves no timer behind once answered', async () => {
    const clock = manualClock();
    const { fetch } = stubFetch(json({ domains: [] }));
    await client(fetch, { clock }).domains();
    assert.equal(clock.pending(), 0);
  });
});
