// Every HTTP error is {error, message} JSON with a slug of D16, whichever layer raises it (issue 20,
// item 8): URL decoding, CORS preflights and a request too slow to arrive, in process. What Node's HTTP
// parser refuses on a real socket is in test/http-errors.test.ts.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { clientErrorHandler } from '../../src/http/error-handler.js';
import { startFastApp, type ApiResponse } from '../support/fast-app.js';
import { appForSuite } from '../support/suite-app.js';

function assertJsonError(answer: ApiResponse, status: number, slug: string): void {
  assert.equal(answer.status, status, answer.body);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/i);
  const json = JSON.parse(answer.body) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json).sort(), ['error', 'message']);
  assert.equal(json.error, slug);
}

describe('HTTP errors from every layer are JSON (D16)', () => {
  const t = appForSuite(() => startFastApp());

  it('answers a URL whose escapes cannot be decoded with 400 invalid_parameter', async () => {
    assertJsonError(await t.api('/api/v1/message/%'), 400, 'invalid_parameter');
  });

  it('answers an incomplete CORS preflight with 400 JSON, and a complete one still with 204', async () => {
    const bare = await t.api('/api/v1/mailbox?address=a@inboxd.test', { method: 'OPTIONS' });
    assert.equal(bare.status, 400);
    assert.equal(bare.json.error, 'invalid_parameter');
    const preflight = await t.api('/api/v1/mailbox?address=a@inboxd.test', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  });

  it('answers a request too slow to arrive with 408 and a JSON body, then closes', () => {
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString()));
    clientErrorHandler(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    const [head = '', body = ''] = written.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.deepEqual(JSON.parse(body), {
      error: 'invalid_parameter',
      message: 'The request was not received in time.',
    });
  });
});
