// A message that shows whether its source is kept byte for byte (the raw download's tests, fast and end
// to end).

/** A message with what a careless store would change: 8-bit bytes, a NUL-free binary-ish line, lines
 * that start with a dot (dot-stuffed on the wire), trailing spaces and a long line. */
export function awkwardMessage(tag: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `From: Raw <raw@example.org>\r\nTo: ${tag}@inboxd.test\r\nSubject: raw ${tag}\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`,
    ),
    Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x80, 0x0d, 0x0a]),
    Buffer.from('.starts with a dot\r\n..two dots\r\ntrailing spaces   \r\n'),
    Buffer.from(`${'x'.repeat(1500)}\r\n`),
  ]);
}
