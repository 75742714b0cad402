// Frees the memory of a chunk read from a socket as soon as its bytes have been copied elsewhere (issue 15,
// P50), instead of when the next young collection finds it dead. Node gives each read its own ArrayBuffer,
// allocated with malloc: under many large messages the chunks read between two collections (up to 16 MiB,
// young-garbage.ts) piled up in the main thread's malloc heap, which glibc keeps at its high-water mark.
// Only a Buffer that spans the whole of a plain ArrayBuffer is freed: no other Buffer can be a view of it
// (Node's pooled Buffers share an 8 KiB pool and never span it; a subarray starts after 0 or ends early),
// and the reader must hold no view of it after the call.

export function releaseChunk(chunk: Buffer): void {
  const buffer = chunk.buffer;
  if (!(buffer instanceof ArrayBuffer) || buffer.resizable || buffer.detached) return;
  if (chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength) return;
  try {
    buffer.transfer(0);
  } catch {
    // An ArrayBuffer that cannot be detached is left to the collector, as every chunk was before.
  }
}
