// What the shared SQL directory relies on beyond the DirectoryStore contract, on both engines: the
// placeholder convention of sql-runner.ts, and updateAccount's path with no field to change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestSchema, postgresSkipReason } from '../../test/support/backends.js';
import { openPgPool } from './postgres/pg-database.js';
import { pgRunner } from './postgres/pg-directory.js';
import { sqlDirectoryStore } from './sql-directory.js';
import type { SqlRunner } from './sql-runner.js';
import { openSqliteDatabase } from './sqlite/sqlite-database.js';
import { sqliteRunner } from './sqlite/sqlite-directory.js';

const NOW = Date.UTC(2026, 10, 21, 12);

type OpenRunner = () => Promise<{ runner: SqlRunner; close(): Promise<void> }>;

function runnerSuite(name: string, skip: string | null, open: OpenRunner): void {
  describe(`SQL directory over ${name}`, { skip: skip ?? false }, () => {
    let runner: SqlRunner;
    let close: () => Promise<void>;
    before(async () => {
      ({ runner, close } = await open());
    });
    after(() => close());

    it('binds $n to the nth value wherever and however often it appears', async () => {
      const rows = await runner.query<{ a: string; b: string; c: string }>('SELECT $2 AS a, $1 AS b, $2 AS c', [
        'one',
        'two',
      ]);
      assert.deepEqual(
        rows.map((row) => ({ ...row })),
        [{ a: 'two', b: 'one', c: 'two' }],
      );
    });

    it('tells whether an account exists when an update names no field, and changes nothing', async () => {
      const directory = sqlDirectoryStore(runner);
      const account = { id: 'ACC1', plan: 'free', monthlyQuota: 0, paidThrough: null, createdAt: NOW } as const;
      await directory.createAccount(account);
      assert.equal(await directory.updateAccount('ACC1', {}), true);
      assert.equal(await directory.updateAccount('ACC1', { plan: undefined }), true);
      assert.equal(await directory.updateAccount('NOPE', {}), false);
      assert.deepEqual(await directory.getAccount('ACC1'), account);
    });

    it('sets a field to null when null is given for it', async () => {
      const directory = sqlDirectoryStore(runner);
      await directory.createAccount({
        id: 'ACC2',
        plan: 'premium',
        monthlyQuota: 5,
        paidThrough: '2026-12-31',
        createdAt: NOW,
      });
      assert.equal(await directory.updateAccount('ACC2', { paidThrough: null }), true);
      assert.equal((await directory.getAccount('ACC2'))?.paidThrough, null);
    });
  });
}

runnerSuite('sqlite (in memory)', null, async () => {
  const db = openSqliteDatabase(':memory:');
  return { runner: sqliteRunner(db), close: async () => void db.close() };
});

// Skipped, saying why, when the test database is not reachable (test/support/backends.ts).
runnerSuite('postgres', await postgresSkipReason(), async () => {
  const schema = await createTestSchema();
  const pool = await openPgPool({ url: schema.url, poolSize: 2 });
  return { runner: pgRunner(pool), close: () => pool.end().then(() => schema.drop()) };
});
