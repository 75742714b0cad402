// Who may read what (interface §5, D11–D14), as one table: every domain kind × every key state × every
// endpoint (list, read, codes, delete, attachment), each cell's status and slug asserted over real HTTPS against
// mail delivered over real SMTP. The rule lives in one place (src/access/authorize-mailbox.ts); this table is
// its specification.
import assert from 'node:assert/strict';
import { decodedMessage } from './support/decoded-message.js';
import { after, before, describe, it } from 'node:test';
import { startDnsServer, type TestDnsServer } from './support/dns-server.js';
import { accountWithKey, bearer, operatorOf, PREMIUM_POOL } from './support/operator.js';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const MX_HOST = 'mx.inboxd.test';
const KEY_STATES = [
  'none',
  'wrong',
  'revoked',
  'other account',
  'free plan',
  'premium plan',
  'expired plan',
  'domain key',
] as const;
const DOMAIN_KINDS = [
  'public',
  'own',
  'closed by key',
  'closed to account',
  'premium reserved',
  'premium unreserved',
  'unknown',
] as const;
const ENDPOINTS = ['list', 'read', 'codes', 'delete', 'attachment'] as const;
type KeyState = (typeof KEY_STATES)[number];
type DomainKind = (typeof DOMAIN_KINDS)[number];
type Endpoint = (typeof ENDPOINTS)[number];
type Outcome = 200 | [401 | 402 | 403 | 404, string];

const OK = 200;
const UNAUTHORIZED: Outcome = [401, 'unauthorized'];
const PAYMENT: Outcome = [402, 'payment_required'];
const FORBIDDEN: Outcome = [403, 'forbidden'];
const UNKNOWN: Outcome = [404, 'unknown_domain'];

// "premium plan" is the owner: the account the closed domain is closed to and the premium address is
// reserved by. "revoked" is a revoked key of that same account. "other account" has an active premium plan.
const row = (...outcomes: Outcome[]) =>
  Object.fromEntries(KEY_STATES.map((k, i) => [k, outcomes[i] as Outcome])) as Record<KeyState, Outcome>;
// One row a domain kind, one column a key state: kept aligned as a table, so not reformatted.
//                                     none          wrong         revoked       other account  free plan     premium plan  expired plan  domain key
// prettier-ignore
const EXPECTED: Record<DomainKind, Record<KeyState, Outcome>> = {
  public: /*               */ row(OK, OK, OK, OK, OK, OK, OK, OK),
  own: /*                  */ row(OK, OK, OK, OK, OK, OK, OK, OK),
  'closed by key': /*      */ row(UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, OK),
  'closed to account': /*  */ row(UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, OK, UNAUTHORIZED, UNAUTHORIZED),
  'premium reserved': /*   */ row(PAYMENT, FORBIDDEN, FORBIDDEN, FORBIDDEN, PAYMENT, OK, PAYMENT, FORBIDDEN),
  'premium unreserved': /* */ row(PAYMENT, FORBIDDEN, FORBIDDEN, OK, PAYMENT, OK, PAYMENT, FORBIDDEN),
  unknown: /*              */ row(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN),
};

// A well-formed id that names no message: delete is idempotent (D1), so its cell shows access alone.
const ABSENT_ID = '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A';

describe('access matrix: domain kind × key state × endpoint (D11–D14)', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  const keys = {} as Record<KeyState, string | undefined>;
  const accountOf = {} as Record<KeyState, string | undefined>;
  const fixed: Record<Exclude<DomainKind, 'premium unreserved'>, string> = {
    public: 'box@inboxd.test',
    own: 'box@open.example',
    'closed by key': 'box@keyed.example',
    'closed to account': 'box@owned.example',
    'premium reserved': `box@${PREMIUM_POOL[10]}`,
    unknown: 'box@nowhere.example',
  };
  // Each unreserved cell gets its own address: its first successful read reserves it.
  const fresh = (key: KeyState, endpoint: Endpoint) => `${key.replace(' ', '-')}.${endpoint}@${PREMIUM_POOL[20]}`;
  const mailboxOf = (kind: DomainKind, key: KeyState, endpoint: Endpoint) =>
    kind === 'premium unreserved' ? fresh(key, endpoint) : fixed[kind];
  const ids = new Map<string, { message: string; attachment: string }>();

  before(async () => {
    dns = await startDnsServer();
    for (const domain of ['open.example', 'keyed.example', 'owned.example']) dns.setMx(domain, [MX_HOST]);
    t = await startTestApp({
      INBOXD_DNS_SERVERS: dns.address,
      INBOXD_MX_HOST: MX_HOST,
      INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(','),
    });
    const operator = operatorOf(t);

    const owner = await accountWithKey(operator, { plan: 'premium' });
    const revoked = await operator.keys.create(owner.account);
    await operator.keys.revoke(revoked.id);
    const other = await accountWithKey(operator, { plan: 'premium' });
    const free = await accountWithKey(operator, { plan: 'free' });
    const expired = await accountWithKey(operator, { plan: 'premium', paidThrough: '2021-06-30' });
    Object.assign(keys, {
      none: undefined,
      wrong: `inboxd_ak_${ABSENT_ID}_${'A'.repeat(43)}`,
      revoked: revoked.key,
      'other account': other.key,
      'free plan': free.key,
      'premium plan': owner.key,
      'expired plan': expired.key,
    });
    Object.assign(accountOf, { 'other account': other.account, 'premium plan': owner.account });

    // One SMTP transaction reaches every mailbox of the table (and connects the own domains, D11).
    const recipients = [
      ...Object.values(fixed).filter((a) => !a.endsWith('nowhere.example')),
      ...KEY_STATES.flatMap((k) => ENDPOINTS.map((e) => fresh(k, e))),
    ];
    const message = Buffer.from(
      'From: a@sender.example\r\nSubject: matrix\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n' +
        '--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nattached\r\n--b--\r\n',
    );
    const replies = await sendRaw(t.app.smtpPort, { from: 'a@sender.example', to: recipients }, message);
    assert.match(replies.at(-1) as string, /^250 /, replies.join('\n'));

    keys['domain key'] = (await operator.domains.close('keyed.example')).key as string;
    await operator.domains.close('owned.example', { account: owner.account });
    await t.app.directory.reserveAddress(fixed['premium reserved'], owner.account, t.clock.now());
    for (const mailbox of [...recipients, fixed.unknown]) {
      const [summary] = await t.app.store.listMessages({ mailbox, limit: 1, now: t.clock.now() });
      const message =
        summary === undefined ? null : await decodedMessage(t.app.store, mailbox, summary.id, t.clock.now());
      ids.set(mailbox, { message: summary?.id ?? ABSENT_ID, attachment: message?.attachments[0]?.id ?? ABSENT_ID });
    }
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  async function call(endpoint: Endpoint, mailbox: string, key: string | undefined) {
    const { message, attachment } = ids.get(mailbox) as { message: string; attachment: string };
    const path = {
      list: `/api/v1/mailbox?address=${mailbox}`,
      read: `/api/v1/message/${message}?mailbox=${mailbox}`,
      codes: `/api/v1/message/${message}/codes?mailbox=${mailbox}`,
      delete: `/api/v1/message/${ABSENT_ID}?mailbox=${mailbox}`,
      attachment: `/api/v1/attachment/${attachment}?mailbox=${mailbox}`,
    }[endpoint];
    t.clock.advance(1000);
    return t.api(path, {
      method: endpoint === 'delete' ? 'DELETE' : 'GET',
      headers: key === undefined ? {} : bearer(key),
    });
  }

  for (const kind of DOMAIN_KINDS) {
    it(`${kind}: every key state on every endpoint`, async () => {
      const failures: string[] = [];
      for (const keyState of KEY_STATES) {
        for (const endpoint of ENDPOINTS) {
          const expected = EXPECTED[kind][keyState];
          const mailbox = mailboxOf(kind, keyState, endpoint);
          const res = await call(endpoint, mailbox, keys[keyState]);
          const cell = `${kind} × ${keyState} × ${endpoint}`;
          if (expected === OK) {
            const shown = {
              list: res.json?.address,
              read: res.json?.to,
              codes: res.json?.id,
              delete: res.json?.deleted,
              attachment: res.body.trim(),
            }[endpoint];
            const want = {
              list: mailbox,
              read: mailbox,
              codes: ids.get(mailbox)?.message,
              delete: true,
              attachment: 'attached',
            }[endpoint];
            if (res.status !== 200 || shown !== want) failures.push(`${cell}: ${res.status} ${res.body.slice(0, 80)}`);
          } else {
            const [status, slug] = expected;
            const challenge = res.headers.get('www-authenticate');
            if (res.status !== status || res.json?.error !== slug || Object.keys(res.json).length !== 2) {
              failures.push(`${cell}: want ${status} ${slug}, got ${res.status} ${res.body.slice(0, 80)}`);
            } else if ((status === 401) !== (challenge === 'Bearer realm="inboxd"')) {
              failures.push(`${cell}: WWW-Authenticate ${challenge}`);
            }
          }
        }
      }
      assert.deepEqual(failures, []);
    });
  }

  it('reserved each unreserved premium address to the account whose read succeeded, and no other', async () => {
    for (const keyState of KEY_STATES) {
      for (const endpoint of ENDPOINTS) {
        const holder = await t.app.directory.reservationOf(fresh(keyState, endpoint));
        const expected = EXPECTED['premium unreserved'][keyState] === OK ? accountOf[keyState] : undefined;
        assert.equal(holder ?? undefined, expected, `${keyState} × ${endpoint}`);
      }
    }
  });
});
