import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import { createIntakeGate, type IntakeGate, type IntakeTicket } from './intake-gate.js';

/** A session at the gate: whether it may read now, and its ticket. */
function session(
  gate: IntakeGate,
  client: string,
  log?: string[],
  name = client,
): { reading: () => boolean; ticket: IntakeTicket } {
  let reading = false;
  const ticket = gate.enter(client, {
    grant: () => {
      reading = true;
      log?.push(name);
    },
    revoke: () => {
      reading = false;
    },
  });
  return { reading: () => reading, ticket };
}

describe('the intake gate for large messages', () => {
  it('gives out at most its slots, then hands each freed slot to the oldest waiter', () => {
    const gate = createIntakeGate({ slots: 2, clock: createManualClock() });
    const order: string[] = [];
    const first = session(gate, 'a', order, 'first');
    const second = session(gate, 'a', order, 'second');
    const third = session(gate, 'a', order, 'third');
    session(gate, 'a', order, 'fourth');
    assert.deepEqual(gate.state(), { taken: 2, waiting: 2 });
    assert.equal(third.reading(), false);
    first.ticket.leave();
    second.ticket.leave();
    assert.deepEqual(order, ['first', 'second', 'third', 'fourth']);
  });

  it('counts a leave once, however often it is called, and a waiter that leaves gives up its place', () => {
    const gate = createIntakeGate({ slots: 1, clock: createManualClock() });
    const holder = session(gate, 'a');
    const waiter = session(gate, 'b');
    waiter.ticket.leave();
    holder.ticket.leave();
    holder.ticket.leave();
    assert.deepEqual(gate.state(), { taken: 0, waiting: 0 });
  });

  it('serves the client that holds fewest first, not the one that queued most (issue 20)', () => {
    const gate = createIntakeGate({ slots: 2, clock: createManualClock() });
    const order: string[] = [];
    const hostile = [1, 2, 3, 4, 5].map((i) => session(gate, 'hostile', order, `h${i}`));
    const honest = session(gate, 'honest', order, 'honest');
    // The honest client's share is one of the two slots: one hostile holder is taken back for it at once.
    assert.equal(honest.reading(), true);
    assert.equal(hostile.filter((h) => h.reading()).length, 1);
    assert.deepEqual(gate.state(), { taken: 2, waiting: 4 });
  });

  it('takes the slot back from a holder that sends nothing while another client waits', () => {
    const clock = createManualClock();
    const gate = createIntakeGate({ slots: 3, clock, stallMs: 2_000 });
    const stalled = ['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((ip) => session(gate, ip));
    const honest = session(gate, '127.0.0.1');
    assert.equal(honest.reading(), false, 'three clients, three slots, one each');
    clock.advance(1_000);
    stalled[0]!.ticket.touch();
    clock.advance(1_500);
    assert.equal(honest.reading(), true, 'a stalled holder lost its slot to the waiting client');
    assert.equal(stalled[0]!.reading(), true, 'the holder that kept sending kept its slot');
    assert.equal(gate.state().taken, 3);
  });

  it('never takes the slot back from a holder that has read its whole message and is being delivered', () => {
    const clock = createManualClock();
    const gate = createIntakeGate({ slots: 2, clock, stallMs: 2_000 });
    const delivering = session(gate, 'a');
    const greedy = session(gate, 'a');
    delivering.ticket.read();
    greedy.ticket.read();
    const other = session(gate, 'b');
    clock.advance(10_000);
    assert.equal(delivering.reading(), true, 'not taken back as stalled');
    assert.equal(greedy.reading(), true, 'nor to share with another client');
    assert.equal(other.reading(), false);
    delivering.ticket.leave();
    assert.equal(other.reading(), true, 'the slot goes on when the delivery ends');
  });

  it('leaves a quiet holder alone when nobody waits', () => {
    const clock = createManualClock();
    const gate = createIntakeGate({ slots: 1, clock, stallMs: 2_000 });
    const quiet = session(gate, 'a');
    clock.advance(60_000);
    assert.equal(quiet.reading(), true);
    assert.equal(clock.pendingTimers(), 0);
  });
});
