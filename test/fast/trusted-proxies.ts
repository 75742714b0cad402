// Behind a proxy (issue 20, items 2 and 3), in process: /metrics, which every relayed request would reach
// from loopback, needs its token once proxies are trusted, and proxies are named, never switched on. The
// client taken from X-Forwarded-For, with real streams: test/trusted-proxies.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFastApp } from '../support/fast-app.js';
import { appForSuite } from '../support/suite-app.js';

describe('trusted proxies by address (INBOXD_TRUST_PROXY)', () => {
  // Requests come from 127.0.0.1, standing in for a proxy on this host.
  const t = appForSuite(() => startFastApp({ INBOXD_TRUST_PROXY: '127.0.0.1' }));

  it('serves /metrics to nobody without the token once proxies are trusted, even from loopback', async () => {
    const metrics = await t.api('/metrics');
    assert.equal(metrics.status, 403);
    assert.equal(metrics.json.error, 'forbidden');
    assert.match(metrics.json.message, /INBOXD_METRICS_TOKEN/);
  });

  it('refuses INBOXD_TRUST_PROXY=on at start: proxies are named, not switched on', async () => {
    await assert.rejects(startFastApp({ INBOXD_TRUST_PROXY: 'on' }), /INBOXD_TRUST_PROXY/);
  });
});
