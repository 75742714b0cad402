// Behind a proxy (issue 20, items 2 and 3): the client is taken from X-Forwarded-For only as far as the
// trusted proxies reach, so a client cannot mint identities by writing the header itself (shown with real
// streams). /metrics behind proxies and the refused INBOXD_TRUST_PROXY=on: test/fast/trusted-proxies.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_OPEN_PER_NETWORK } from '../src/inbox/shared/open-streams.js';
import { until } from './support/mcp-client.js';
import { openMailboxStream, type MailboxStream } from './support/sse-client.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

describe('trusted proxies by address (INBOXD_TRUST_PROXY)', () => {
  // The test client connects from 127.0.0.1, standing in for a proxy on this host.
  const t = appForSuite(() => startTestApp({ INBOXD_TRUST_PROXY: '127.0.0.1' }));

  it('counts streams whose leftmost X-Forwarded-For entries differ as one client: the one the proxy saw', async () => {
    const streams: MailboxStream[] = [];
    try {
      for (let i = 0; i < MAX_OPEN_PER_NETWORK; i += 1) {
        t.clock.advance(1000);
        streams.push(
          await openMailboxStream(t, `proxied${i}@inboxd.test`, { 'x-forwarded-for': `198.51.100.${i}, 10.0.0.1` }),
        );
      }
      assert.ok(streams.every((s) => s.status === 200));
      t.clock.advance(1000);
      const extra = await openMailboxStream(t, 'proxied-extra@inboxd.test', {
        'x-forwarded-for': '198.51.100.250, 10.0.0.1',
      });
      assert.equal(extra.status, 429, 'the 51st stream of 10.0.0.1 is refused, whatever the client wrote left of it');
      extra.close();
      t.clock.advance(1000);
      const garbage = await openMailboxStream(t, 'proxied-garbage@inboxd.test', {
        'x-forwarded-for': 'garbage-not-ip',
      });
      assert.equal(
        garbage.status,
        200,
        'an entry that is no address is skipped: the proxy itself is the client, not a new identity',
      );
      garbage.close();
    } finally {
      for (const s of streams) s.close();
      await until(
        () => streams.every((_, i) => t.app.events.subscribers(`proxied${i}@inboxd.test`) === 0),
        'the streams to close',
      );
    }
  });
});
