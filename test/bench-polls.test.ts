// The polls phase's own instruments (bench/): the lean HTTPS client the pollers use instead of undici,
// read against Node's own HTTPS server, and the latency histogram's percentiles.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LeanHttpsConnection } from '../bench/support/lean-https.js';
import { BUCKETS, bucketOf } from '../bench/support/poller.js';
import { loadTlsMaterial } from '../src/tls/tls-material.js';

describe('the polls bench: lean HTTPS client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-lean-'));
  let server: ReturnType<typeof createServer>;
  let port = 0;
  let ca = '';
  const seen: { url: string; remote: string; ifNoneMatch: string | undefined }[] = [];
  before(async () => {
    const tls = await loadTlsMaterial({ certFile: undefined, keyFile: undefined, dataDir: dir, hostname: 'localhost' });
    ca = tls.cert;
    server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      seen.push({
        url: request.url ?? '',
        remote: request.socket.remoteAddress ?? '',
        ifNoneMatch: request.headers['if-none-match'],
      });
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end();
      // A body larger than one TLS record, sent in two writes, and some non-ASCII bytes.
      const body = Buffer.from(JSON.stringify({ n: seen.length, pad: 'é'.repeat(20_000) }));
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, etag: '"v1"' });
      response.write(body.subarray(0, 100));
      setTimeout(() => response.end(body.subarray(100)), 5);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads 200s with bodies and 304s without, in order, over one connection from the given address', async () => {
    const client = new LeanHttpsConnection({ port, ca, localAddress: '127.1.0.9' });
    const [a, b, c] = await Promise.all([
      client.get('/a'),
      client.get('/b', ['If-None-Match: "v1"']),
      client.get('/c'),
    ]);
    assert.equal(a.status, 200);
    assert.equal(a.etag, '"v1"');
    assert.equal((JSON.parse(a.body.toString('utf8')) as { n: number }).n, 1);
    assert.equal(b.status, 304);
    assert.equal(b.body.length, 0);
    assert.equal((JSON.parse(c.body.toString('utf8')) as { n: number; pad: string }).pad.length, 20_000);
    assert.deepEqual(
      seen.map((s) => [s.url, s.remote, s.ifNoneMatch]),
      [
        ['/a', '127.1.0.9', undefined],
        ['/b', '127.1.0.9', '"v1"'],
        ['/c', '127.1.0.9', undefined],
      ],
    );
    client.close();
    await assert.rejects(client.get('/d'));
  });

  it('puts latencies in 0.1 ms buckets, the last holding everything from one second', () => {
    assert.equal(bucketOf(0), 0);
    assert.equal(bucketOf(0.25), 2);
    assert.equal(bucketOf(999.95), 9999);
    assert.equal(bucketOf(5000), BUCKETS - 1);
    assert.equal(bucketOf(-1), 0);
  });
});
