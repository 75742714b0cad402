import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { releaseChunk } from './release-chunk.js';

describe('releaseChunk (P50)', () => {
  it('frees a chunk that spans its own ArrayBuffer', () => {
    const chunk = Buffer.from(new ArrayBuffer(65_536));
    releaseChunk(chunk);
    assert.equal(chunk.buffer.detached, true);
    assert.equal(chunk.length, 0);
  });

  it('leaves alone a view of part of a buffer, which others may still read', () => {
    const whole = Buffer.from(new ArrayBuffer(1024));
    for (const view of [whole.subarray(1), whole.subarray(0, 1023)]) {
      releaseChunk(view);
      assert.equal(whole.buffer.detached, false);
    }
  });

  it("leaves alone a Buffer from Node's shared pool", () => {
    const pooled = Buffer.from('a small string, from the pool');
    const neighbour = Buffer.from('another one');
    releaseChunk(pooled);
    assert.equal(pooled.buffer.detached, false);
    assert.equal(neighbour.toString(), 'another one');
  });

  it('leaves alone a resizable buffer (a message being gathered) and one already freed', () => {
    const resizable = Buffer.from(new ArrayBuffer(16, { maxByteLength: 64 }));
    releaseChunk(resizable);
    assert.equal(resizable.buffer.detached, false);
    const freed = Buffer.from(new ArrayBuffer(8));
    releaseChunk(freed);
    assert.doesNotThrow(() => releaseChunk(freed));
  });
});
