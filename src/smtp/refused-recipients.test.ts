import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import { createRefusedRecipients } from './refused-recipients.js';

describe('refused recipients per client network (issue 20)', () => {
  it('stops looking at a network past its refusals in the window, and lets it go on once they age out', () => {
    const clock = createManualClock();
    const refusals = createRefusedRecipients({ clock, max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) {
      assert.equal(refusals.allowed('192.0.2.7'), true);
      refusals.refused('192.0.2.7');
    }
    assert.equal(refusals.allowed('192.0.2.7'), false);
    assert.equal(refusals.allowed('192.0.2.8'), true, 'another address of IPv4 is another client');
    refusals.refused('2001:db8::1');
    refusals.refused('2001:db8::2');
    refusals.refused('2001:db8::3');
    assert.equal(refusals.allowed('2001:db8::ffff'), false, 'one IPv6 /64 is one client');
    clock.advance(62_000);
    assert.equal(refusals.allowed('192.0.2.7'), true);
  });
});
