import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../clock.js';
import type { MailEvents } from '../../events/mail-events.js';
import type { MessageStore } from '../../store/message-store.js';
import { withTouches } from './touching-store.js';

function fakeStore(calls: string[]): MessageStore {
  return {
    saveMail: async () => void calls.push('save'),
    markSeen: async (_m: string, id: string) => (calls.push(`seen ${id}`), id === 'found'),
    claimUnseen: async (_m: string, id: string) => (calls.push(`claim ${id}`), id === 'found'),
    deleteMessage: async () => void calls.push('delete'),
    saveDecoded: async (mailId: string) => (
      calls.push(`decode ${mailId}`),
      mailId === 'corrected' ? ['a@x.test', 'b@x.test'] : []
    ),
    listMessages: async () => (calls.push('list'), []),
    close: async () => undefined,
  } as unknown as MessageStore;
}

describe('touching store (P37)', () => {
  it('touches after each committed change, and only when something changed', async () => {
    const calls: string[] = [];
    const { store } = withTouches(
      fakeStore(calls),
      fakeEvents({ touch: async (m) => void calls.push(`touch ${m.join(',')}`) }),
      createManualClock(),
    );
    await store.saveMail({} as never, [
      { id: '1', mailbox: 'a@x.test' },
      { id: '2', mailbox: 'b@x.test' },
    ]);
    assert.equal(await store.markSeen('a@x.test', 'found', 0), true);
    assert.equal(await store.markSeen('a@x.test', 'gone', 0), false);
    assert.equal(await store.claimUnseen('a@x.test', 'found', 0), true);
    assert.equal(await store.claimUnseen('a@x.test', 'taken', 0), false);
    await store.deleteMessage('b@x.test', '2');
    await store.listMessages({ mailbox: 'a@x.test', limit: 1, now: 0 });
    // A first decode that corrects the scan's summary (D29) changes the list of every recipient.
    await store.saveDecoded('corrected', {} as never);
    await store.saveDecoded('as-scanned', {} as never);
    assert.deepEqual(calls, [
      'save',
      'touch a@x.test,b@x.test',
      'seen found',
      'touch a@x.test',
      'seen gone',
      'claim found',
      'touch a@x.test',
      'claim taken',
      'delete',
      'touch b@x.test',
      'list',
      'decode corrected',
      'touch a@x.test,b@x.test',
      'decode as-scanned',
    ]);
  });

  it('never fails a committed write when its touch fails: the mailbox matches no cached page here until a retry passes', async () => {
    let fail = true;
    const touched: string[][] = [];
    const clock = createManualClock();
    const { store, events } = withTouches(
      fakeStore([]),
      fakeEvents({
        touch: async (m) => {
          if (fail) throw new Error('redis is gone');
          touched.push([...m]);
        },
        version: async () => 'v1',
      }),
      clock,
    );
    // The sender gets its 250 and the client its 204: the change is stored (D10), retrying would repeat it.
    await store.saveMail({} as never, [{ id: '1', mailbox: 'c@x.test' } as never]);
    await store.deleteMessage('c@x.test', '3');
    const versions = new Set([await events.version('c@x.test'), await events.version('c@x.test')]);
    assert.equal(versions.size, 2, 'a pending mailbox gets a version that no page or ETag was made under');
    assert.ok(![...versions].includes('v1'));
    assert.equal(await events.version('other@x.test'), 'v1', 'other mailboxes keep the shared version');
    clock.advance(250);
    await settle();
    assert.deepEqual(touched, [], 'still failing: nothing announced');
    fail = false;
    clock.advance(250);
    await settle();
    assert.deepEqual(touched, [['c@x.test']]);
    assert.equal(await events.version('c@x.test'), 'v1', 'announced: back to the shared version');
    await store.close();
    assert.equal(clock.pendingTimers(), 0);
  });
});

function fakeEvents(overrides: Partial<MailEvents>): MailEvents {
  return { touch: async () => undefined, version: async () => 'v0', ...overrides } as unknown as MailEvents;
}

/** Lets the promise callbacks of a retry run (no timer involved). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
