import { it } from 'node:test';
import { createTestSchema, postgresSkipReason, type TestSchema } from '../../../test/support/backends.js';
import { runMessageStoreContract } from '../message-store-contract.js';
import { openPgPool } from './pg-database.js';
import { pgMessageStore } from './pg-store.js';

const skip = await postgresSkipReason();
if (skip !== null) {
  it('MessageStore contract: postgres', { skip }, () => undefined);
} else {
  runMessageStoreContract('postgres (a schema of its own per test)', async () => {
    const schema: TestSchema = await createTestSchema();
    const store = pgMessageStore(await openPgPool({ url: schema.url, poolSize: 4 }));
    return {
      ...store,
      async close() {
        await store.close();
        await schema.drop();
      },
    };
  });
}
