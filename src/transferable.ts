// The ArrayBuffers behind some byte arrays, once each, for a postMessage transfer list: moved to the other
// thread instead of copied. Only a view that owns its buffer is moved: one that spans it whole, or starts
// a resizable buffer (only a large message's bytes are gathered in one, smtp/message-bytes.ts, whose
// last MiB is left partly unused rather than shrunk). A view into a larger buffer (Node's Buffer pool,
// which is also marked untransferable, or a driver's read buffer, as pg's rows are) is copied as before,
// so moving never detaches bytes that something else still uses. Whoever passes a buffer must not use it
// afterwards.
export function transferable(views: Iterable<Uint8Array>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) if (ownsBuffer(view) && view.buffer.byteLength > 0) buffers.add(view.buffer as ArrayBuffer);
  return [...buffers];
}

function ownsBuffer(view: Uint8Array): boolean {
  const buffer = view.buffer;
  return (
    buffer instanceof ArrayBuffer &&
    view.byteOffset === 0 &&
    (view.byteLength === buffer.byteLength || buffer.resizable)
  );
}

/** The view itself when it owns its buffer, else a copy that does (so it can move, not the buffer it
 * shares). */
export function owned(view: Uint8Array): Uint8Array {
  return ownsBuffer(view) ? view : view.slice();
}

/** Frees now the bytes behind the views that own their buffer (the ones `transferable` would move), rather
 * than when the garbage collector finds them: a thread that allocates little collects seldom, and a large
 * mail's bytes would wait for it. Views into a shared buffer are left to the collector. Whoever passes a
 * buffer must not use it afterwards (it is detached, of length 0). */
export function release(views: Iterable<Uint8Array>): void {
  for (const buffer of transferable(views)) buffer.transfer(0);
}

/** The resizable buffer a view starts, which it owns (a large message's, smtp/message-bytes.ts); else undefined. */
export function resizableBuffer(view: Uint8Array): ArrayBuffer | undefined {
  const buffer = view.buffer as ArrayBuffer;
  return ownsBuffer(view) && buffer.resizable ? buffer : undefined;
}
