// P52: the mailboxes a wait in this process is waiting on, so that their mail is decoded beside its commit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { awaitMailbox, isAwaited } from './awaited-mailboxes.js';

describe('awaited mailboxes (P52)', () => {
  it('counts the waits on a mailbox until the last is released, each release counted once', async () => {
    const store = openSqliteStore(':memory:');
    const first = awaitMailbox(store, 'a@x.test');
    const second = awaitMailbox(store, 'a@x.test');
    assert.equal(isAwaited(store, 'a@x.test'), true);
    assert.equal(isAwaited(store, 'b@x.test'), false);
    first();
    first();
    assert.equal(isAwaited(store, 'a@x.test'), true, 'a second release of the same wait changes nothing');
    second();
    assert.equal(isAwaited(store, 'a@x.test'), false);
    await store.close();
  });

  it('keeps the waits of two stores (two services in one process) apart', async () => {
    const one = openSqliteStore(':memory:');
    const two = openSqliteStore(':memory:');
    const release = awaitMailbox(one, 'a@x.test');
    assert.equal(isAwaited(two, 'a@x.test'), false);
    release();
    await Promise.all([one.close(), two.close()]);
  });
});
