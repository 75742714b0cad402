// Fuzzing (fast-check) of what a stranger controls: the address parser, and every API input — the
// mailbox, the id, the cursor, the page size, the bearer key — against a closed domain whose mail only its
// key may read (D12). No input may give a 500, and no combination may show that mail to anyone else.
import assert from 'node:assert/strict';
import { decodedMessage } from '../support/decoded-message.js';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_ADDRESS_LENGTH, MAX_LOCAL_LENGTH, parseAddress } from '../../src/mail/address.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { accountWithKey, bearer, operatorOf } from '../support/operator.js';
import { sendRaw } from '../support/smtp-dialogue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'SECRET-7f3a9c';

describe('the address parser under arbitrary input', () => {
  it('never throws, and what it accepts is normalised, bounded and stable', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 120 }), fc.emailAddress()),
        (input) => {
          const parsed = parseAddress(input);
          if (parsed === null) return;
          assert.equal(parsed.address, `${parsed.local}@${parsed.domain}`);
          assert.ok([...parsed.local].length <= MAX_LOCAL_LENGTH);
          assert.ok([...parsed.address].length <= MAX_ADDRESS_LENGTH);
          assert.equal(parsed.local, parsed.local.toLowerCase());
          // eslint-disable-next-line no-control-regex -- control characters are what must never pass
          assert.doesNotMatch(parsed.address, /[\s\u0000-\u001f<>]/);
          assert.deepEqual(parseAddress(parsed.address), parsed, 'parsing its own output changes nothing');
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('the API under arbitrary input against a closed domain (D12)', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let domainKey: string;
  let otherKey: string;
  let messageId: string;
  let attachmentId: string;

  before(async () => {
    dns = await startDnsServer();
    dns.setMx('vault.example', ['mx.inboxd.test']);
    t = await startTestApp({ INBOXD_DNS_SERVERS: dns.address, INBOXD_MX_HOST: 'mx.inboxd.test' });
    const message = Buffer.from(
      `From: a@sender.example\r\nSubject: ${SECRET}\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n${SECRET}\r\n` +
        `--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=s.txt\r\n\r\n${SECRET}\r\n--b--\r\n`,
    );
    const replies = await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: ['owner@vault.example'] }, message);
    assert.match(replies.at(-1) ?? '', /^250 /);
    const operator = operatorOf(t);
    domainKey = (await operator.domains.close('vault.example')).key as string;
    otherKey = (await accountWithKey(operator, { plan: 'premium' })).key;
    const [summary] = await t.app.store.listMessages({ mailbox: 'owner@vault.example', limit: 1, now: t.clock.now() });
    messageId = summary!.id;
    attachmentId = (await decodedMessage(t.app.store, 'owner@vault.example', messageId, t.clock.now()))!.attachments[0]!
      .id;
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  const mailbox = fc.oneof(
    fc.constantFrom(
      'owner@vault.example',
      'OWNER@Vault.Example',
      ' owner@vault.example',
      'owner@vault.example.',
      'owner@VAULT.example ',
      'owner%40vault.example',
      '"owner"@vault.example',
      'owner@vault.example\u0000',
      'owner@xn--vault.example',
      'owner+x@vault.example',
    ),
    fc.string({ maxLength: 80 }),
    fc.emailAddress(),
  );
  const id = () =>
    fc.oneof(
      fc.constant('REAL'),
      fc.constant('ATTACHMENT'),
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[0-9A-Z]{26}$/),
    );
  const key = fc.constantFrom<'none' | 'garbage' | 'other' | 'domain'>('none', 'garbage', 'other', 'domain');
  const route = fc.constantFrom('list', 'read', 'raw', 'attachment', 'delete', 'events');

  it('never answers 500, and shows the closed mailbox to its key alone', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        route,
        mailbox,
        id(),
        fc.option(fc.string({ maxLength: 30 })),
        fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 6 }))),
        key,
        async (r, box, rawId, before, limit, k) => {
          const realId = rawId === 'REAL' ? messageId : rawId === 'ATTACHMENT' ? attachmentId : rawId;
          const q = (name: string, value: unknown) => `${name}=${encodeURIComponent(String(value))}`;
          const extra = [
            before === null ? '' : `&${q('before', before)}`,
            limit === null ? '' : `&${q('limit', limit)}`,
          ].join('');
          const path = {
            list: `/api/v1/mailbox?${q('address', box)}${extra}`,
            read: `/api/v1/message/${encodeURIComponent(realId)}?${q('mailbox', box)}`,
            raw: `/api/v1/message/${encodeURIComponent(realId)}/raw?${q('mailbox', box)}`,
            attachment: `/api/v1/attachment/${encodeURIComponent(realId)}?${q('mailbox', box)}`,
            delete: `/api/v1/message/${encodeURIComponent(realId)}?${q('mailbox', box)}`,
            events: `/api/v1/mailbox/events?${q('address', box)}`,
          }[r];
          const token = { none: undefined, garbage: 'inboxd_ak_nothing', other: otherKey, domain: domainKey }[k];
          t.clock.advance(1000);
          const controller = new AbortController();
          const response = await t.open(path, {
            method: r === 'delete' ? 'DELETE' : 'GET',
            headers: token === undefined ? {} : bearer(token),
            signal: controller.signal,
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          // A live stream that opened stays open: read its first event only, then let it go.
          const body =
            r === 'events' && response.status === 200 ? await firstChunk(response.body) : await response.text();
          controller.abort();
          assert.ok(response.status < 500, `${response.status} for ${r} ${path}: ${body.slice(0, 200)}`);
          if (k !== 'domain' && r !== 'delete') {
            assert.ok(
              !body.includes(SECRET) && !body.includes(messageId),
              `the closed mailbox leaked to key ${k}: ${r} ${path}`,
            );
          }
          if (response.status >= 400) assert.match(JSON.parse(body).error, /^[a-z_]+$/);
        },
      ),
      {
        numRuns: 400,
        // Besides the random cases, one of each outcome the check below asks for, so that it never rests on
        // chance (a 200 takes the right route, a real id or owner's address and the domain's key at once).
        examples: [
          ['read', 'owner@vault.example', 'REAL', null, null, 'domain'],
          ['list', 'OWNER@Vault.Example', 'REAL', null, null, 'domain'],
          ['list', 'owner@vault.example', 'REAL', null, 'ten', 'domain'],
          ['read', 'owner@vault.example', 'REAL', null, null, 'none'],
        ],
      },
    );
    // The run reached deep enough to matter: some requests were admitted and some refused.
    assert.ok(
      (statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0 && (statuses.get(401) ?? 0) > 0,
      JSON.stringify([...statuses]),
    );
  });
});

async function firstChunk(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  const { value } = await reader.read();
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(value);
}
