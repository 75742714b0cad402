import { it } from 'node:test';
import { createTestSchema, postgresSkipReason } from '../../../test/support/backends.js';
import { runDirectoryStoreContract } from '../directory-store-contract.js';
import { openPgPool } from './pg-database.js';
import { pgDirectoryStore } from './pg-directory.js';

const skip = await postgresSkipReason();
if (skip !== null) {
  it('DirectoryStore contract: postgres', { skip }, () => undefined);
} else {
  runDirectoryStoreContract('postgres (a schema of its own per test)', async () => {
    const schema = await createTestSchema();
    const pool = await openPgPool({ url: schema.url, poolSize: 4 });
    return {
      directory: pgDirectoryStore(pool),
      async close() {
        await pool.end();
        await schema.drop();
      },
    };
  });
}
