// A Blob that joins its parts in memory when it is made, for the parser threads. postal-mime ends every
// decoded part with `new Blob(chunks).arrayBuffer()`; Node's Blob answers that through its stream reader
// and a chain of microtasks, which cost more than the whole rest of a small message's parse (1.2 ms of
// 1.5 ms for a 4 KB mail, measured in docs/performance.md). Only the parse worker installs it.

type Part = string | ArrayBuffer | ArrayBufferView;

const encoder = new TextEncoder();

function bytesOf(part: Part): Uint8Array {
  if (typeof part === 'string') return encoder.encode(part);
  if (part instanceof ArrayBuffer) return new Uint8Array(part);
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  throw new TypeError('MemoryBlob takes strings, ArrayBuffers and typed arrays only');
}

export class MemoryBlob {
  readonly size: number;
  readonly type: string;
  readonly #bytes: Uint8Array;
  #given = false;

  constructor(parts: Iterable<Part> = [], options: { type?: string } = {}) {
    const chunks = Array.from(parts, bytesOf);
    this.size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    this.type = options.type ?? '';
    this.#bytes = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of chunks) {
      this.#bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }

  /** The first call hands over the joined bytes themselves (postal-mime reads each blob once); any
   * later call gets a copy, so no caller sees another's changes. */
  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#given) return Promise.resolve(this.#bytes.slice().buffer);
    this.#given = true;
    return Promise.resolve(this.#bytes.buffer as ArrayBuffer);
  }

  text(): Promise<string> {
    return Promise.resolve(new TextDecoder().decode(this.#bytes));
  }

  get [Symbol.toStringTag](): string {
    return 'Blob';
  }
}

/** Makes MemoryBlob the Blob of this thread. For a thread that only parses mail. */
export function installMemoryBlob(): void {
  globalThis.Blob = MemoryBlob as unknown as typeof Blob;
}
