import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { transferable } from '../transferable.js';
import { MessageBytes } from './message-bytes.js';
import { createMessageBufferPool } from '../message-buffers.js';

const pool = () => createMessageBufferPool({ keep: 2, idleMs: 60_000, schedule: () => () => undefined });

/** `total` bytes of random content cut into chunks of `chunk` bytes (the last one shorter). */
function chunksOf(total: number, chunk: number): Buffer[] {
  const all = randomBytes(total);
  const out: Buffer[] = [];
  for (let at = 0; at < total; at += chunk) out.push(all.subarray(at, Math.min(total, at + chunk)));
  return out;
}

function gathered(chunks: Buffer[], directFrom: number, maxBytes: number): Uint8Array | null {
  const bytes = new MessageBytes(directFrom, maxBytes, pool());
  for (const chunk of chunks) bytes.add(chunk);
  return bytes.take();
}

const spansItsBuffer = (view: Uint8Array) => view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;

describe('gathering a message as DATA streams in (issue 15)', () => {
  it('joins a small message into a buffer of its own', () => {
    const chunks = chunksOf(10_000, 700);
    const raw = gathered(chunks, 256 * 1024, 10 * 1024 * 1024)!;
    assert.deepEqual(Buffer.from(raw), Buffer.concat(chunks));
    assert.ok(spansItsBuffer(raw));
  });

  it('copies a large message byte for byte into one buffer of its own, which moves between threads with it', () => {
    const chunks = chunksOf(3 * 1024 * 1024 + 17, 65_531);
    const raw = gathered(chunks, 256 * 1024, 10 * 1024 * 1024)!;
    assert.equal(raw.byteLength, 3 * 1024 * 1024 + 17);
    assert.equal(raw.byteOffset, 0);
    assert.deepEqual(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), Buffer.concat(chunks));
    // The buffer is the message's alone (its last MiB partly unused): transferable moves it, never copies.
    assert.deepEqual(transferable([raw]), [raw.buffer]);
  });

  it('keeps a message of exactly the limit and counts the bytes it was given', () => {
    const chunks = chunksOf(1_000_000, 4096);
    const bytes = new MessageBytes(100_000, 1_000_000, pool());
    for (const chunk of chunks) bytes.add(chunk);
    assert.equal(bytes.size, 1_000_000);
    assert.deepEqual(Buffer.from(bytes.take()!), Buffer.concat(chunks));
  });

  it('keeps nothing of a message past the limit, small or gathered, and still counts its bytes', () => {
    for (const directFrom of [10_000_000, 100_000]) {
      const bytes = new MessageBytes(directFrom, 1_000_000, pool());
      for (const chunk of chunksOf(1_000_001, 4096)) bytes.add(chunk);
      assert.equal(bytes.size, 1_000_001);
      assert.equal(bytes.take(), null);
    }
  });

  it('keeps nothing once dropped (the stream failed or was over its size)', () => {
    const bytes = new MessageBytes(1000, 1_000_000, pool());
    for (const chunk of chunksOf(5000, 512)) bytes.add(chunk);
    bytes.drop();
    bytes.add(Buffer.from('more'));
    assert.equal(bytes.take(), null);
  });

  it('moves a large message into a buffer handed back before, from the chunk after the threshold on (P46)', () => {
    const buffers = pool();
    const first = new MessageBytes(1000, 10 * 1024 * 1024, buffers);
    for (const chunk of chunksOf(3 * 1024 * 1024, 65_536)) first.add(chunk);
    const used = first.take()!.buffer as ArrayBuffer;
    buffers.give(used); // as the SQLite writer does once the message is stored
    assert.equal(buffers.waiting(), 1);

    const second = new MessageBytes(1000, 10 * 1024 * 1024, buffers);
    const chunks = chunksOf(200_000, 7000);
    second.add(chunks[0]!);
    assert.equal(buffers.waiting(), 1, 'the chunk crossing the threshold takes nothing from the pool');
    for (const chunk of chunks.slice(1)) second.add(chunk);
    const raw = second.take()!;
    assert.equal(raw.buffer, used, 'the same memory, written again');
    assert.equal(buffers.waiting(), 0);
    assert.deepEqual(Buffer.from(raw), Buffer.concat(chunks));
  });

  it('gives its buffer to the pool when dropped', () => {
    const buffers = pool();
    const dropped = new MessageBytes(1000, 10 * 1024 * 1024, buffers);
    for (const chunk of chunksOf(5000, 512)) dropped.add(chunk);
    dropped.drop();
    assert.equal(buffers.waiting(), 1);
  });

  it('says which chunks it keeps, so the session frees the others at once (P50)', () => {
    const bytes = new MessageBytes(1000, 5000, pool());
    const kept = chunksOf(3000, 400).map((chunk) => bytes.add(chunk));
    // Kept while the message is under 1000 bytes; copied from the chunk that takes it past, and after.
    assert.deepEqual(kept, [true, true, false, false, false, false, false, false]);
    assert.equal(bytes.add(Buffer.alloc(2500)), false, 'past the limit: dropped, nothing kept');
    assert.equal(bytes.take(), null);
  });
});
