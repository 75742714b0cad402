// The CI-sized runs of the durability and storage-fault scenarios (docs/reliability.md has the full-size
// figures, from `npm run reliability`). Each starts real inboxd processes; strace attaches to them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requireStrace } from '../support/strace.js';
import { traceAcks } from './commit-before-ack.js';
import { runKillDurability } from './kill-durability.js';
import { runStorageFault } from './storage-faults.js';

const straceSkip = requireStrace();

describe('nothing acknowledged is lost (D10)', () => {
  it('keeps every message answered 250 through three SIGKILLs under 20 concurrent sessions, byte for byte, with nothing half-stored', async (t) => {
    const outcome = await runKillDurability({ kills: 3, sessions: 20, roundMs: [400, 1200], seed: 20261122 });
    t.diagnostic(JSON.stringify(outcome));
    assert.ok(outcome.acked > 30, `only ${outcome.acked} messages were acknowledged`);
    assert.equal(outcome.lost, 0);
    assert.equal(outcome.corrupted, 0);
    assert.equal(outcome.halfStored, 0);
    assert.equal(outcome.integrity, 'ok');
    assert.equal(outcome.readOverApi, 25);
  });

  it('fsyncs the WAL between the 354 and the 250 of every message', { skip: straceSkip ?? false }, async (t) => {
    const outcome = await traceAcks({ messages: 10, synchronous: 'full' });
    t.diagnostic(JSON.stringify(outcome));
    assert.equal(outcome.acks, 10);
    assert.equal(outcome.unsynced, 0);
  });

  it(
    'sees every 250 go out unsynced when the fsync is switched off (the negative control)',
    { skip: straceSkip ?? false },
    async (t) => {
      const outcome = await traceAcks({ messages: 10, synchronous: 'normal' });
      t.diagnostic(JSON.stringify(outcome));
      assert.equal(outcome.acks, 10);
      // Only a WAL checkpoint (at 1,000 pages, far off here) would fsync in this mode.
      assert.ok(outcome.unsynced >= 9, `only ${outcome.unsynced} of 10 were seen unsynced`);
    },
  );
});

describe(
  'storage faults: 250-and-stored or 4xx-and-not-stored, 503 with Retry-After, and back by itself',
  { skip: straceSkip ?? false },
  () => {
    for (const fault of ['fsync-eio', 'write-enospc', 'database-locked'] as const) {
      it(`holds under ${fault}`, async (t) => {
        const outcome = await runStorageFault(fault, { messages: 4 });
        t.diagnostic(JSON.stringify(outcome));
        assert.equal(outcome.falseAcks, 0);
        assert.equal(outcome.storedAfterRefusal, 0);
        assert.equal(
          outcome.refused4xxDuring,
          outcome.sentDuring,
          'every write during the fault was refused with a 4xx',
        );
        assert.equal(outcome.apiStatuses['500'], undefined, 'never a 500');
        // A read writes (it sets seen, D3), but needs no fsync: a seen flag may be lost in a crash.
        if (fault === 'fsync-eio') assert.equal(outcome.apiStatuses['503'], undefined, 'a read needs no fsync');
        else assert.equal(outcome.apiStatuses['503'], 4, 'each read that writes (it sets seen) answered 503');
        assert.ok(outcome.retryAfterOn503);
        assert.ok(outcome.processUp);
        assert.ok(Number.isFinite(outcome.recoveryMs), 'service resumed by itself');
        assert.ok(outcome.faultsCounted >= 4, 'the faults are visible in /metrics');
      });
    }
  },
);
