// Gathers a message's bytes as DATA streams in. A small message keeps its chunks and joins them once at
// the end. Past `directFrom` bytes every chunk is copied at once into one buffer that grows in place (a
// resizable ArrayBuffer, reserved at `maxBytes` and committed a MiB at a time), for two reasons (issue
// 15): the chunks then die young instead of living until the message ends (long enough to be promoted, so
// that only a full collection would free them), and the buffer is memory of its own outside malloc's heap,
// given back to the system when it is freed instead of leaving 7 MB holes in the heap under large mail.
// Either way the bytes end in a buffer of their own, which can move to another thread. From the chunk
// after the one that crossed `directFrom` (for the SMTP edge: once the session holds a large-message slot,
// P33) the bytes move to a buffer from a pool (message-buffers.ts) when one waits there: the SQLite writer
// gives a large message's buffer back once the message is stored, and writing its pages again costs a
// tenth of faulting fresh ones in. A session still waiting for a slot holds no pooled buffer, which a 7 MB
// message before it may have grown to 8 MiB.
import type { MessageBufferPool } from '../message-buffers.js';

/** The buffer of a large message grows by this much at a time. */
const GROWTH_BYTES = 1024 * 1024;

export class MessageBytes {
  #chunks: Buffer[] = [];
  #buffer: ArrayBuffer | null = null;
  #size = 0;
  #dropped = false;
  /** Whether the pool was asked for a buffer yet (once, at the chunk after the threshold). */
  #settled = false;

  constructor(
    private readonly directFrom: number,
    private readonly maxBytes: number,
    private readonly buffers: MessageBufferPool,
  ) {}

  /** Bytes added so far (counted on after `drop`). */
  get size(): number {
    return this.#size;
  }

  /** Adds the next bytes; true when `chunk` itself is kept (below `directFrom`), false when its bytes were
   * copied or dropped, so that whoever read it may free it now. */
  add(chunk: Buffer): boolean {
    const at = this.#size;
    this.#size += chunk.length;
    if (this.#dropped) return false;
    if (this.#size > this.maxBytes) {
      this.drop();
      return false;
    }
    if (this.#buffer === null) {
      this.#chunks.push(chunk);
      if (this.#size <= this.directFrom) return true;
      this.#gather();
      return false;
    }
    if (!this.#settled) this.#settle(at);
    this.#reserve(this.#size);
    new Uint8Array(this.#buffer, at, chunk.length).set(chunk);
    return false;
  }

  /** Forgets the bytes (the message is over its limit and is only drained from now on). */
  drop(): void {
    this.#dropped = true;
    this.#chunks = [];
    if (this.#buffer !== null) this.buffers.give(this.#buffer);
    this.#buffer = null;
  }

  /** The message, in a view that spans a buffer of its own; null after `drop`. Call once. */
  take(): Uint8Array | null {
    if (this.#dropped) return null;
    if (this.#buffer === null) {
      const joined = Buffer.allocUnsafeSlow(this.#size);
      let offset = 0;
      for (const chunk of this.#chunks) offset += chunk.copy(joined, offset);
      this.#chunks = [];
      return joined;
    }
    const buffer = this.#buffer;
    this.#buffer = null;
    // Not shrunk to the message: giving back the rest of the last MiB cost more than the bytes are worth
    // for the moment they live (until the writer has stored them), so the view starts the buffer and
    // stops short of its end (transferable.ts moves such a view's buffer with it).
    return new Uint8Array(buffer, 0, this.#size);
  }

  #gather(): void {
    this.#buffer = new ArrayBuffer(0, { maxByteLength: this.maxBytes });
    this.#reserve(this.#size);
    const target = new Uint8Array(this.#buffer);
    let offset = 0;
    for (const chunk of this.#chunks) {
      target.set(chunk, offset);
      offset += chunk.length;
    }
    this.#chunks = [];
  }

  #settle(at: number): void {
    this.#settled = true;
    const warm = this.buffers.take(this.maxBytes);
    if (warm === undefined) return;
    this.#reserve(at, warm);
    new Uint8Array(warm, 0, at).set(new Uint8Array(this.#buffer!, 0, at));
    this.#buffer!.transfer(0);
    this.#buffer = warm;
  }

  #reserve(bytes: number, buffer = this.#buffer!): void {
    if (buffer.byteLength < bytes)
      buffer.resize(Math.min(this.maxBytes, Math.ceil(bytes / GROWTH_BYTES) * GROWTH_BYTES));
  }
}
