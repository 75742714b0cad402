// Every HTTP error is {error, message} JSON with a slug of D16, whichever layer raises it (issue 20,
// item 8): here what Node's HTTP parser refuses on a real TLS socket; routing, URL decoding and CORS
// preflights are in test/fast/http-errors.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connect } from 'node:tls';
import { startTestApp, type TestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

/** Sends raw bytes over TLS and returns the whole answer (the server closes or answers in full). */
function rawRequest(t: TestApp, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port: t.app.httpsPort, ca: t.app.tls.cert, servername: 'localhost' },
      () => socket.write(text),
    );
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

function assertJsonError(
  answer: { status: number; headers: string; body: string },
  status: number,
  slug: string,
): void {
  assert.equal(answer.status, status, answer.headers);
  assert.match(answer.headers, /content-type: application\/json/i);
  const json = JSON.parse(answer.body) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json).sort(), ['error', 'message']);
  assert.equal(json.error, slug);
}

describe('HTTP errors from every layer are JSON (D16)', () => {
  const t = appForSuite(() => startTestApp());

  it('answers headers over 16 KiB with 431 and a JSON body', async () => {
    const big = 'x'.repeat(20 * 1024);
    assertJsonError(
      await rawRequest(t, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${big}\r\n\r\n`),
      431,
      'invalid_parameter',
    );
  });

  it('answers bytes that are not HTTP with 400 and a JSON body', async () => {
    assertJsonError(await rawRequest(t, 'NOT HTTP AT ALL\r\n\r\n'), 400, 'invalid_parameter');
  });
});
