// Many suites in parallel (issue 19): 200 HTTP waits at once on 200 addresses from one client, each
// woken by its own message and none by another's. How fast they wake is the bench's (bench/wake.ts).
// The client sits behind a trusted proxy that spreads it over 8 networks: one network may hold 50 waits
// open (D23–D24).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { until } from './support/mcp-client.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

const WAITERS = 200;
const NETWORKS = 8;
const SENDING_AT_ONCE = 5;

describe('200 concurrent HTTP waits (issue 19)', () => {
  const t = appForSuite(() => startTestApp({ INBOXD_RATE_LIMIT_SCALE: '100', INBOXD_TRUST_PROXY: '127.0.0.1' }));

  it("wakes each of 200 waits on 200 addresses with its own message, none with another's", async () => {
    const addresses = Array.from({ length: WAITERS }, (_, i) => `many${i}@inboxd.test`);
    const answers = addresses.map((address, i) =>
      t.api(`/api/v1/mailbox/wait?address=${address}&timeout=50`, {
        headers: { 'x-forwarded-for': `198.51.100.${1 + (i % NETWORKS)}` },
      }),
    );
    await until(() => addresses.every((a) => t.app.events.subscribers(a) === 1), 'every wait to subscribe');

    // Each message names its addressee in its subject and a header, so a wake by another's is seen.
    let next = 0;
    await Promise.all(
      Array.from({ length: SENDING_AT_ONCE }, async () => {
        while (next < WAITERS) {
          const i = next++;
          await t.send({
            from: 'suite@sender.example',
            to: addresses[i],
            subject: `for ${addresses[i]}`,
            text: `run ${i}`,
            headers: { 'X-Test-Run': String(i) },
          });
        }
      }),
    );

    const results = await Promise.all(answers);
    for (const [i, answer] of results.entries()) {
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.json.status, 'received', `wait ${i} was woken`);
      assert.equal(answer.json.message.to, addresses[i]);
      assert.equal(answer.json.message.subject, `for ${addresses[i]}`, `wait ${i} got its own message`);
      assert.ok(
        answer.json.message.headers.some(
          (h: { name: string; value: string }) => h.name.toLowerCase() === 'x-test-run' && h.value === String(i),
        ),
      );
    }
    assert.ok(
      addresses.every((a) => t.app.events.subscribers(a) === 0),
      'every wait let go of its mailbox',
    );
  });
});
