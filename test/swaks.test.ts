// The README's example, with swaks as an independent SMTP client: mail in over STARTTLS, JSON out.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { startTestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

const run = promisify(execFile);
const swaks = await run('swaks', ['--version']).then(
  () => true,
  () => false,
);

describe(
  'swaks as the sending MTA',
  { skip: swaks ? false : 'swaks is not installed (apt-get install swaks); .ci/run installs it' },
  () => {
    const t = appForSuite(() => startTestApp());

    it('delivers over STARTTLS, verifying the certificate, readable over HTTPS', async () => {
      const caFile = join(t.dataDir, 'tls', 'localhost.crt');
      const { stdout } = await run('swaks', [
        '--server',
        `127.0.0.1:${t.app.smtpPort}`,
        '--tls',
        '--from',
        'swaks@example.org',
        '--to',
        'swaks@inboxd.test',
        '--header',
        'Subject: from swaks',
        '--body',
        'Your code is 271828',
        '--tls-verify',
        '--tls-ca-path',
        caFile,
      ]);
      assert.match(stdout, /<~ +250 2\.0\.0 Ok: queued as/);
      const list = await t.api('/api/v1/mailbox?address=swaks@inboxd.test');
      assert.equal(list.json.count, 1);
      assert.equal(list.json.messages[0].subject, 'from swaks');
      assert.equal(list.json.messages[0].from, 'swaks@example.org');
      t.clock.advance(1000);
      const read = await t.api(`/api/v1/message/${list.json.messages[0].id}?mailbox=swaks@inboxd.test`);
      assert.match(read.json.text, /Your code is 271828/);
    });
  },
);
