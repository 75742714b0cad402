// The DATA phase's framing (RFC 5321 §4.5.2): the message ends at a line holding one period, and a line that
// starts with a period has it removed. Only CRLF ends a line here, so a bare LF or CR before a period never
// ends the message (SMTP smuggling, CVE-2023-51766 and its kin): `\n.\n`, `\r.\r\n` stay in the message.

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;
const LINE_START = Buffer.from('\r\n.', 'latin1');
const CR_BYTE = Buffer.from('\r', 'latin1');

/** Where the last chunk left off: inside a line, after a CR, at a line's start, after its period, after
 * the period and a CR (the end if an LF follows). */
type State = 'inside' | 'cr' | 'line-start' | 'dot' | 'dot-cr';

export interface UnstuffedChunk {
  /** The message bytes in this chunk, periods removed (views of the chunk, in order). */
  parts: Buffer[];
  /** Where the bytes after the end-of-data line start in the chunk, or -1 if it did not end here. */
  end: number;
}

/** Reads one message's DATA, chunk by chunk; `push` returns the message bytes and where the data ended. */
export class DotUnstuffer {
  #state: State = 'line-start';

  push(chunk: Buffer): UnstuffedChunk {
    const parts: Buffer[] = [];
    const n = chunk.length;
    let from = 0;
    let p = 0;
    const cut = (to: number) => {
      if (to > from) parts.push(chunk.subarray(from, to));
    };
    while (p < n) {
      const state = this.#state;
      if (state === 'inside') {
        const at = chunk.indexOf(LINE_START, p);
        if (at < 0) {
          // Bytes before p were read in another state: a CRLF counts only if both are from p on.
          const last = chunk[n - 1];
          if (last === CR) this.#state = 'cr';
          else if (last === LF && n - 2 >= p && chunk[n - 2] === CR) this.#state = 'line-start';
          break;
        }
        // The CRLF belongs to the message; the period does not (stuffing, or the end).
        cut(at + 2);
        p = at + 3;
        from = p;
        this.#state = 'dot';
        continue;
      }
      const byte = chunk[p]!;
      if (state === 'cr') {
        this.#state = byte === LF ? 'line-start' : 'inside';
        if (byte === LF) p += 1;
      } else if (state === 'line-start') {
        if (byte === DOT) {
          cut(p);
          p += 1;
          from = p;
          this.#state = 'dot';
        } else this.#state = 'inside';
      } else if (state === 'dot') {
        if (byte === CR) {
          // Held back: the end if an LF follows, else part of the line.
          cut(p);
          p += 1;
          from = p;
          this.#state = 'dot-cr';
        } else this.#state = 'inside';
      } else {
        // 'dot-cr'
        if (byte === LF) {
          this.#state = 'line-start';
          return { parts, end: p + 1 };
        }
        parts.push(CR_BYTE);
        this.#state = 'cr';
      }
    }
    cut(n);
    return { parts, end: -1 };
  }
}
