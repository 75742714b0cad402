import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DotUnstuffer } from './dot-unstuffing.js';

/** Feeds `data` in chunks cut at `cuts`; the message and the bytes after its end, or null if it did not end. */
function read(data: string, cuts: number[] = []): { message: string; rest: string } | null {
  const bytes = Buffer.from(data, 'latin1');
  const unstuffer = new DotUnstuffer();
  const message: Buffer[] = [];
  let at = 0;
  for (const to of [...cuts, bytes.length]) {
    const chunk = bytes.subarray(at, to);
    const { parts, end } = unstuffer.push(chunk);
    message.push(...parts);
    if (end >= 0)
      return {
        message: Buffer.concat(message).toString('latin1'),
        rest: Buffer.concat([chunk.subarray(end), bytes.subarray(to)]).toString('latin1'),
      };
    at = to;
  }
  return null;
}

/** RFC 5321 §4.5.2 on the sending side: a leading period doubled, then the end-of-data line. */
const stuff = (message: string) => `${message.replace(/(^|\r\n)\./g, '$1..')}.\r\n`;

describe('DATA framing (RFC 5321 §4.5.2)', () => {
  it('ends at CRLF . CRLF, keeps the CRLF before it, and hands back what follows', () => {
    assert.deepEqual(read('Subject: x\r\n\r\nhello\r\n.\r\nQUIT\r\n'), {
      message: 'Subject: x\r\n\r\nhello\r\n',
      rest: 'QUIT\r\n',
    });
  });

  it('reads an empty message and one whose first line is stuffed', () => {
    assert.deepEqual(read('.\r\n'), { message: '', rest: '' });
    assert.deepEqual(read('..x\r\n.\r\n'), { message: '.x\r\n', rest: '' });
  });

  it('removes the leading period of any other line, stuffed or not', () => {
    assert.deepEqual(read('a\r\n..b\r\n.c\r\n.\r\n'), { message: 'a\r\n.b\r\nc\r\n', rest: '' });
    assert.deepEqual(read('a\r\n.\rb\r\n.\r\n'), { message: 'a\r\n\rb\r\n', rest: '' });
  });

  for (const [name, marker] of [
    ['bare LF', '\n.\n'],
    ['bare CR', '\r.\r'],
    ['LF then CRLF', '\n.\r\n'],
    ['CRLF then LF', '\r\n.\n'],
    ['CR then CRLF', '\r.\r\n'],
  ] as const) {
    it(`does not end at ${name}, a smuggling marker`, () => {
      const result = read(`a${marker}MAIL FROM:<x@y>\r\n.\r\n`);
      assert.ok(result !== null);
      assert.equal(result.rest, '');
      assert.match(result.message, /MAIL FROM/);
    });
  }

  it('reads the same however the data is cut into chunks', () => {
    const messages = [
      'Subject: a\r\n\r\n.leading\r\n..two\r\nend\r\n',
      '.\r\n.\r\n',
      'x\r\n.\rx\r\n',
      '\r\n\r\n.\r\n..\r\n',
      'bare\n.\nlf\r.\rcr\r\n',
    ];
    for (const message of messages) {
      const data = `${stuff(message)}NOOP\r\n`;
      for (let a = 0; a <= data.length; a += 1)
        for (let b = a; b <= data.length; b += 1) {
          const got = read(data, [a, b]);
          assert.deepEqual(got, { message, rest: 'NOOP\r\n' }, `${JSON.stringify(message)} cut at ${a}, ${b}`);
        }
    }
  });

  it('says the data has not ended while no end-of-data line came', () => {
    assert.equal(read('a\r\n.x\r\n..\r\nb\r\n'), null);
    assert.equal(read('a\r\n.\r'), null);
  });
});
