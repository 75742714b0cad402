// The operator commands of D28 as an operator runs them: real `inboxd` processes working on the store of a
// running server. What they change holds at once for the server: a key issued works on the next request,
// a revoked key stops on the next one, a closed domain needs its key printed once, a reopened one none.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { startDnsServer, type TestDnsServer } from './support/dns-server.js';
import { bearer, PREMIUM_POOL } from './support/operator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const main = new URL('../src/main.ts', import.meta.url).pathname;
const MX_HOST = 'mx.inboxd.test';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

describe('inboxd domains | accounts | keys (D28)', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  const env = (): Record<string, string> => ({
    INBOXD_DATA_DIR: t.dataDir,
    INBOXD_PUBLIC_DOMAINS: t.app.config.publicDomains.join(','),
    INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(','),
    ...(t.app.config.databaseUrl === undefined ? {} : { INBOXD_DATABASE_URL: t.app.config.databaseUrl }),
  });
  const inboxd = (...args: string[]) =>
    new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, ...args], {
        env: { ...process.env, ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', (code) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code, stdout, stderr, json });
      });
    });
  const get = (path: string, key?: string) => {
    t.clock.advance(1000);
    return t.api(path, key === undefined ? {} : { headers: bearer(key) });
  };

  before(async () => {
    dns = await startDnsServer();
    t = await startTestApp({
      INBOXD_DNS_SERVERS: dns.address,
      INBOXD_MX_HOST: MX_HOST,
      INBOXD_PREMIUM_DOMAINS: PREMIUM_POOL.join(','),
    });
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('creates accounts and keys, prints the key once, and the running server honours and revokes it at once', async () => {
    const account = await inboxd(
      'accounts',
      'create',
      '--plan',
      'premium',
      '--quota',
      '50',
      '--paid-through',
      '2099-12-31',
      '--json',
    );
    assert.equal(account.code, 0, account.stderr);
    assert.deepEqual(
      {
        plan: account.json.plan,
        quota: account.json.monthly_quota,
        paid: account.json.paid_through,
        active: account.json.premium_active,
      },
      { plan: 'premium', quota: 50, paid: '2099-12-31', active: true },
    );
    const issued = await inboxd('keys', 'create', '--account', account.json.id, '--json');
    assert.equal(issued.code, 0, issued.stderr);
    assert.match(issued.json.key, /^inboxd_ak_/);

    const listed = await inboxd('keys', 'list', '--account', account.json.id, '--json');
    assert.deepEqual(listed.json, [
      { id: issued.json.id, account: account.json.id, created_at: issued.json.created_at, revoked_at: null },
    ]);
    assert.ok(!listed.stdout.includes(issued.json.key), 'a key is never shown again');
    const accounts = await inboxd('accounts', 'list');
    assert.match(
      accounts.stdout,
      new RegExp(`^${account.json.id}\\s+premium\\s+50\\s+2099-12-31\\s+true`, 'm'),
      'a plain table without --json',
    );

    const mailbox = `bot@${PREMIUM_POOL[3]}`;
    assert.equal((await get(`/api/v1/mailbox?address=${mailbox}`, issued.json.key)).status, 200);
    const revoked = await inboxd('keys', 'revoke', issued.json.id, '--json');
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.ok(revoked.json.revoked_at !== null);
    const after = await get(`/api/v1/mailbox?address=${mailbox}`, issued.json.key);
    assert.equal(after.status, 403, 'the revoked key stops working on the very next request');
  });

  it('closes a connected domain with a key printed once, and reopens it', async () => {
    dns.setMx('team.example', [MX_HOST]);
    await t.send({ from: 'a@sender.example', to: 'dev@team.example', subject: 'hi', text: 'hi' });
    const domains = await inboxd('domains', 'list', '--json');
    assert.deepEqual(
      domains.json.map((d: { domain: string; kind: string }) => [d.domain, d.kind]),
      [['team.example', 'own']],
    );

    const closed = await inboxd('domains', 'close', 'Team.Example', '--json');
    assert.equal(closed.code, 0, closed.stderr);
    assert.equal(closed.json.closed_with, 'key');
    assert.equal((await get('/api/v1/mailbox?address=dev@team.example')).status, 401);
    assert.equal((await get('/api/v1/mailbox?address=dev@team.example', closed.json.key)).status, 200);

    const human = await inboxd('domains', 'close', 'team.example');
    assert.match(human.stderr, /not shown again/);
    assert.equal(
      (await get('/api/v1/mailbox?address=dev@team.example', closed.json.key)).status,
      401,
      'closing again replaced the key',
    );

    const reopened = await inboxd('domains', 'reopen', 'team.example', '--json');
    assert.equal(reopened.json.kind, 'own');
    assert.equal((await get('/api/v1/mailbox?address=dev@team.example')).status, 200);
  });

  it('refuses bad requests with a reason on stderr and exit status 1', async () => {
    const cases = [
      [['accounts', 'create', '--plan', 'gold'], /--plan must be one of free, premium/],
      [['accounts', 'create', '--plan', 'premium', '--paid-through', '2026-02-30'], /--paid-through must be a date/],
      [['keys', 'create', '--account', 'nobody'], /No account nobody/],
      [['keys', 'revoke', 'nokey'], /No key nokey/],
      [['domains', 'close', 'unconnected.example'], /not connected/],
    ] as const;
    const runs = await Promise.all(cases.map(([args]) => inboxd(...args)));
    runs.forEach((run, i) => {
      assert.equal(run.code, 1, cases[i]?.[0].join(' '));
      assert.match(run.stderr, cases[i]?.[1] as RegExp);
    });
  });
});
