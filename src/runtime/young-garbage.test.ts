import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { youngGarbage } from './young-garbage.js';

describe('the young collection after large mail is read (issue 15)', () => {
  it('asks for one collection each time the bytes read since the last reach the threshold', () => {
    let runs = 0;
    const garbage = youngGarbage(100, () => (runs += 1));
    garbage.read(60);
    assert.equal(runs, 0);
    garbage.read(60);
    assert.equal(runs, 1);
    garbage.read(99);
    assert.equal(runs, 1);
    garbage.read(250);
    assert.equal(runs, 2);
  });

  it("runs V8's collection without leaving a gc global behind", () => {
    youngGarbage(1).read(1);
    assert.equal((globalThis as { gc?: unknown }).gc, undefined);
  });
});
