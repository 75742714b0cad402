import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestSchema, postgresSkipReason, type TestSchema } from '../../../test/support/backends.js';
import { runMessageStoreContract } from '../message-store-contract.js';
import { createPgPool, durabilityWarnings, openPgPool } from './pg-database.js';
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

describe('PostgreSQL durability settings (D10)', { skip: skip ?? false }, () => {
  it('warns when commits are not flushed before they return, and is silent on the defaults', async () => {
    const schema = await createTestSchema();
    const sound = createPgPool({ url: schema.url, poolSize: 1 });
    assert.deepEqual(await durabilityWarnings(sound), []);
    await sound.end();
    const url = new URL(schema.url);
    url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c synchronous_commit=off`);
    const weak = createPgPool({ url: url.toString(), poolSize: 1 });
    assert.deepEqual(await durabilityWarnings(weak), [
      'PostgreSQL runs with synchronous_commit=off: a crash can lose the last mail acknowledged with 250',
    ]);
    await weak.end();
    await schema.drop();
  });
});
