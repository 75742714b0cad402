// The ArrayBuffers behind some byte arrays, once each, for a postMessage transfer list: moved to the other
// thread instead of copied. Node's own Buffer pool is marked untransferable and is copied as before, so a
// small pooled Buffer is safe here too; whoever passes a buffer must not use it afterwards.
export function transferable(views: Iterable<Uint8Array>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) if (view.buffer instanceof ArrayBuffer && view.buffer.byteLength > 0) buffers.add(view.buffer);
  return [...buffers];
}
