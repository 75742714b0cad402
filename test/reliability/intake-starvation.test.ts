// Issue 20: no sender can starve the intake. The CI size of the scenario (docs/reliability.md has the full
// size, from `npm run reliability`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runIntakeStarvation } from './intake-starvation.js';

describe('the intake under hostile senders (issue 20)', () => {
  it('answers every honest 400 KB message within 5 s of its end of data while 20 sessions from three other addresses stall, trickle and reconnect', async (t) => {
    const outcome = await runIntakeStarvation({ honestMessages: 20, hostileSessions: 20, minSeconds: 13 });
    t.diagnostic(JSON.stringify(outcome));
    assert.deepEqual(outcome.honestRefused, []);
    assert.equal(outcome.honestAccepted, 20);
    assert.ok(outcome.replyMaxMs < 5_000, `slowest reply ${outcome.replyMaxMs} ms after its end of data`);
    assert.ok(outcome.wholeMaxMs < 5_000, `slowest message ${outcome.wholeMaxMs} ms from 354 to reply`);
    assert.ok(outcome.hostileClosedTooSlow > 0, 'hostile sessions were closed for their pace and came back');
  });
});
