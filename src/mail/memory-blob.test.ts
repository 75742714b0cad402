import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryBlob } from './memory-blob.js';

describe("MemoryBlob (the parser threads' Blob)", () => {
  it('joins strings as UTF-8, typed arrays and ArrayBuffers in order, as Blob does', async () => {
    const parts = [
      'héllo ',
      new Uint8Array([0x41, 0x42]),
      new Uint16Array([0x4443]).buffer,
      new TextEncoder().encode('!'),
    ];
    const ours = new MemoryBlob(parts, { type: 'application/octet-stream' });
    const native = new Blob(parts, { type: 'application/octet-stream' });
    assert.equal(ours.size, native.size);
    assert.equal(ours.type, native.type);
    assert.deepEqual(new Uint8Array(await ours.arrayBuffer()), new Uint8Array(await native.arrayBuffer()));
    assert.equal(Object.prototype.toString.call(ours), '[object Blob]');
  });

  it('hands its bytes over once and copies them on any later read', async () => {
    const blob = new MemoryBlob([new Uint8Array([1, 2, 3])]);
    const first = new Uint8Array(await blob.arrayBuffer());
    first[0] = 9;
    assert.deepEqual(new Uint8Array(await blob.arrayBuffer()), new Uint8Array([9, 2, 3]));
    const second = new Uint8Array(await blob.arrayBuffer());
    second[1] = 9;
    assert.deepEqual(
      new Uint8Array(await blob.arrayBuffer()),
      new Uint8Array([9, 2, 3]),
      'a copy: the change does not show',
    );
    assert.equal(await new MemoryBlob(['ünïcode']).text(), 'ünïcode');
  });
});
