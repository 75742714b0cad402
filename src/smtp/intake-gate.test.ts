import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createIntakeGate } from './intake-gate.js';

describe('the intake gate for large messages', () => {
  it('gives out at most its slots, then hands each freed slot to the oldest waiter', async () => {
    const gate = createIntakeGate({ slots: 2 });
    const first = await gate.acquire();
    const second = await gate.acquire();
    const order: string[] = [];
    const third = gate.acquire().then((release) => (order.push('third'), release));
    const fourth = gate.acquire().then((release) => (order.push('fourth'), release));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(gate.state(), { taken: 2, waiting: 2 });
    first();
    (await third)();
    second();
    (await fourth)();
    assert.deepEqual(order, ['third', 'fourth']);
    assert.deepEqual(gate.state(), { taken: 0, waiting: 0 });
  });

  it('counts a release once, however often it is called', async () => {
    const gate = createIntakeGate({ slots: 1 });
    const release = await gate.acquire();
    release();
    release();
    assert.deepEqual(gate.state(), { taken: 0, waiting: 0 });
    const again = await gate.acquire();
    assert.deepEqual(gate.state(), { taken: 1, waiting: 0 });
    again();
  });
});
