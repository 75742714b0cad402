import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../errors.js';
import type { MessageStore } from '../store/message-store.js';
import { touchingStore } from './touching-store.js';

function fakeStore(calls: string[]): MessageStore {
  return {
    saveMail: async () => void calls.push('save'),
    markSeen: async (_m: string, id: string) => (calls.push(`seen ${id}`), id === 'found'),
    claimUnseen: async (_m: string, id: string) => (calls.push(`claim ${id}`), id === 'found'),
    deleteMessage: async () => void calls.push('delete'),
    saveDecoded: async (mailId: string) => (calls.push(`decode ${mailId}`), mailId === 'corrected' ? ['a@x.test', 'b@x.test'] : []),
    listMessages: async () => (calls.push('list'), []),
    close: async () => undefined,
  } as unknown as MessageStore;
}

describe('touching store (P37)', () => {
  it('touches after each committed change, and only when something changed', async () => {
    const calls: string[] = [];
    const store = touchingStore(fakeStore(calls), { touch: async (m) => void calls.push(`touch ${m.join(',')}`) });
    await store.saveMail({} as never, [{ id: '1', mailbox: 'a@x.test' }, { id: '2', mailbox: 'b@x.test' }]);
    assert.equal(await store.markSeen('a@x.test', 'found', 0), true);
    assert.equal(await store.markSeen('a@x.test', 'gone', 0), false);
    assert.equal(await store.claimUnseen('a@x.test', 'found', 0), true);
    assert.equal(await store.claimUnseen('a@x.test', 'taken', 0), false);
    await store.deleteMessage('b@x.test', '2');
    await store.listMessages({ mailbox: 'a@x.test', limit: 1, now: 0 });
    // A first decode that corrects the scan's summary (D29) changes the list of every recipient.
    await store.saveDecoded('corrected', {} as never);
    await store.saveDecoded('as-scanned', {} as never);
    assert.deepEqual(calls, ['save', 'touch a@x.test,b@x.test', 'seen found', 'touch a@x.test', 'seen gone', 'claim found', 'touch a@x.test', 'claim taken', 'delete', 'touch b@x.test', 'list',
      'decode corrected', 'touch a@x.test,b@x.test', 'decode as-scanned']);
  });

  it('answers a failed touch as unavailable (503 / 451), and retries it until it passes', async () => {
    let fail = true;
    const touched: string[][] = [];
    const store = touchingStore(fakeStore([]), {
      touch: async (m) => {
        if (fail) throw new Error('redis is gone');
        touched.push([...m]);
      },
    });
    await assert.rejects(store.deleteMessage('c@x.test', '3'), (e: unknown) => e instanceof AppError && e.slug === 'unavailable');
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    assert.deepEqual(touched, [['c@x.test']]);
    await store.close();
  });
});
