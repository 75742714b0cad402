// The listeners' accept queues: a thousand clients that connect in the same moment (keep-alive pollers
// coming back to a restarted node) fit in the kernel's queue until the event loop accepts them. With Node's
// default of 511 the rest had their SYN dropped and waited a second for its retry (issue 15,
// docs/performance.md). `ss` reads each listening socket's queue size (its Send-Q) from the kernel.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startTestApp } from './support/test-app.js';

/** The size of the accept queue of the socket listening on 127.0.0.1:port. */
function acceptQueueSize(port: number): number {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
  const [state, , sendQ] = line.split(/\s+/);
  assert.equal(state, 'LISTEN', `ss saw no listener on port ${port}: ${line}`);
  return Number(sendQ);
}

const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
const hasSs = (() => {
  try {
    execFileSync('ss', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Why the check cannot run here, or false. In CI (.ci/run installs iproute2) a missing `ss` is a failure;
 * a kernel that caps every queue at 511 or less leaves nothing to show. */
function skipReason(): string | false {
  if (!hasSs) {
    const reason = 'ss is not installed (apt-get install iproute2); .ci/run installs it';
    if (process.env.CI === 'true') throw new Error(`CI must check the accept queues: ${reason}`);
    return reason;
  }
  return somaxconn <= 511 ? `this kernel caps every accept queue at ${somaxconn} (net.core.somaxconn)` : false;
}

describe('the listeners', () => {
  const skip = skipReason();
  it(
    'queue up to 4,096 connections not yet accepted on SMTP, HTTPS and the HTTP redirect, as far as the kernel allows',
    { skip },
    async () => {
      const expected = Math.min(4096, somaxconn);
      const t = await startTestApp();
      try {
        for (const port of [t.app.smtpPort, t.app.httpsPort, t.app.httpPort])
          assert.equal(acceptQueueSize(port), expected, `port ${port}`);
      } finally {
        await t.stop();
      }
    },
  );
});
