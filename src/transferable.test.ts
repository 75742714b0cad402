import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { release, transferable } from './transferable.js';

describe('freeing bytes without waiting for the garbage collector (issue 15)', () => {
  it('detaches a view that owns its buffer, resizable or not', () => {
    const fixed = new Uint8Array(1024).fill(7);
    const resizable = new Uint8Array(new ArrayBuffer(2048, { maxByteLength: 4096 }));
    release([fixed, resizable]);
    assert.equal(fixed.buffer.detached, true);
    assert.equal(resizable.buffer.detached, true);
    assert.equal(fixed.byteLength, 0);
  });

  it('leaves alone a view into a buffer that other views share', () => {
    const shared = new Uint8Array(1024).fill(7);
    const part = shared.subarray(0, 512);
    release([part, Buffer.from('pooled')]);
    assert.equal(shared.buffer.detached, false);
    assert.equal(part[0], 7);
    assert.deepEqual(transferable([part]), []);
  });

  it('moves a resizable buffer with the view that starts it, even when the view stops short of its end', () => {
    const buffer = new ArrayBuffer(4096, { maxByteLength: 8192 });
    const message = new Uint8Array(buffer, 0, 3000);
    assert.deepEqual(transferable([message]), [buffer]);
    assert.deepEqual(transferable([new Uint8Array(buffer, 10, 100)]), []);
    release([message]);
    assert.equal(buffer.detached, true);
  });
});
