// The contract every DirectoryStore adapter passes (SQLite now, PostgreSQL with the scale-out issue).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { AccountRecord, ApiKeyRecord, DirectoryStore } from './directory-store.js';

export interface DirectoryFixture {
  directory: DirectoryStore;
  close(): Promise<void>;
}

const NOW = Date.UTC(2026, 10, 21, 12);

function account(id: string, overrides: Partial<AccountRecord> = {}): AccountRecord {
  return { id, plan: 'premium', monthlyQuota: 100, paidThrough: '2026-12-31', createdAt: NOW, ...overrides };
}

function apiKey(id: string, accountId: string): ApiKeyRecord {
  return { id, accountId, digest: `${id.toLowerCase()}digest`, createdAt: NOW, revokedAt: null };
}

export function runDirectoryStoreContract(
  name: string,
  open: () => Promise<DirectoryFixture> | DirectoryFixture,
): void {
  describe(`DirectoryStore contract: ${name}`, () => {
    let fixture: DirectoryFixture;
    let directory: DirectoryStore;
    beforeEach(async () => {
      fixture = await open();
      directory = fixture.directory;
    });
    afterEach(() => fixture.close());

    it('connects a domain once and keeps its first connection time', async () => {
      assert.equal(await directory.getDomain('own.example'), null);
      await directory.connectDomain('own.example', NOW);
      await directory.connectDomain('own.example', NOW + 1000);
      assert.deepEqual(await directory.getDomain('own.example'), {
        domain: 'own.example',
        connectedAt: NOW,
        closure: null,
      });
      assert.deepEqual(
        (await directory.listDomains()).map((d) => d.domain),
        ['own.example'],
      );
    });

    it('closes a domain with a key digest or to an account, finds it by either, and reopens it', async () => {
      await directory.createAccount(account('ACC1'));
      await directory.connectDomain('a.example', NOW);
      await directory.connectDomain('b.example', NOW);
      assert.equal(await directory.setDomainClosure('a.example', { kind: 'key', digest: 'abc' }), true);
      assert.equal(await directory.setDomainClosure('b.example', { kind: 'account', accountId: 'ACC1' }), true);
      assert.deepEqual((await directory.getDomain('a.example'))?.closure, { kind: 'key', digest: 'abc' });
      assert.deepEqual(
        (await directory.domainsByKeyDigest('abc')).map((d) => d.domain),
        ['a.example'],
      );
      assert.deepEqual(
        (await directory.domainsClosedTo('ACC1')).map((d) => d.domain),
        ['b.example'],
      );
      // Closing to an account replaces a key, and the other way round.
      assert.equal(await directory.setDomainClosure('a.example', { kind: 'account', accountId: 'ACC1' }), true);
      assert.deepEqual(await directory.domainsByKeyDigest('abc'), []);
      assert.equal(await directory.setDomainClosure('a.example', null), true);
      assert.equal((await directory.getDomain('a.example'))?.closure, null);
      assert.equal(await directory.setDomainClosure('never.example', null), false);
    });

    it('creates, lists and updates accounts, leaving unnamed fields as they were', async () => {
      await directory.createAccount(account('ACC2', { plan: 'free', monthlyQuota: 0, paidThrough: null }));
      await directory.createAccount(account('ACC1'));
      assert.deepEqual(
        (await directory.listAccounts()).map((a) => a.id),
        ['ACC1', 'ACC2'],
      );
      assert.equal(
        await directory.updateAccount('ACC2', { plan: 'premium', paidThrough: '2027-01-31', monthlyQuota: undefined }),
        true,
      );
      assert.deepEqual(
        await directory.getAccount('ACC2'),
        account('ACC2', { plan: 'premium', monthlyQuota: 0, paidThrough: '2027-01-31' }),
      );
      assert.equal(await directory.updateAccount('NOPE', { plan: 'free' }), false);
      assert.equal(await directory.getAccount('NOPE'), null);
    });

    it('stores keys by digest, lists them per account, and keeps the first revocation time', async () => {
      await directory.createAccount(account('ACC1'));
      await directory.createAccount(account('ACC2'));
      await directory.createApiKey(apiKey('KEY1', 'ACC1'));
      await directory.createApiKey(apiKey('KEY2', 'ACC2'));
      assert.deepEqual(await directory.getApiKey('KEY1'), apiKey('KEY1', 'ACC1'));
      assert.deepEqual(
        (await directory.listApiKeys('ACC2')).map((k) => k.id),
        ['KEY2'],
      );
      assert.deepEqual(
        (await directory.listApiKeys()).map((k) => k.id),
        ['KEY1', 'KEY2'],
      );
      assert.equal(await directory.revokeApiKey('KEY1', NOW + 5), true);
      assert.equal(await directory.revokeApiKey('KEY1', NOW + 9), true);
      assert.equal((await directory.getApiKey('KEY1'))?.revokedAt, NOW + 5);
      assert.equal(await directory.revokeApiKey('NOPE', NOW), false);
    });

    it('reserves an address to the first account only', async () => {
      await directory.createAccount(account('ACC1'));
      await directory.createAccount(account('ACC2'));
      assert.equal(await directory.reservationOf('x@premium.example'), null);
      // Two reservations at once: whichever reaches the store first holds the address, and both are told
      // the same holder (over a connection pool, the one issued first need not arrive first).
      const raced = await Promise.all([
        directory.reserveAddress('x@premium.example', 'ACC1', NOW),
        directory.reserveAddress('x@premium.example', 'ACC2', NOW),
      ]);
      assert.equal(raced[0], raced[1]);
      assert.ok(raced[0] === 'ACC1' || raced[0] === 'ACC2');
      assert.equal(await directory.reservationOf('x@premium.example'), raced[0]);
      // One after the other: the first keeps it.
      assert.equal(await directory.reserveAddress('y@premium.example', 'ACC2', NOW), 'ACC2');
      assert.equal(await directory.reserveAddress('y@premium.example', 'ACC1', NOW), 'ACC2');
      assert.equal(await directory.reservationOf('y@premium.example'), 'ACC2');
    });

    it('counts usage per account and month', async () => {
      await directory.createAccount(account('ACC1'));
      await directory.createAccount(account('ACC2'));
      await directory.addUsage('ACC1', '2026-11', 2);
      await directory.addUsage('ACC1', '2026-11', 3);
      await directory.addUsage('ACC1', '2026-12', 1);
      assert.equal(await directory.usageOf('ACC1', '2026-11'), 5);
      assert.equal(await directory.usageOf('ACC1', '2026-12'), 1);
      assert.equal(await directory.usageOf('ACC2', '2026-11'), 0);
    });
  });
}
