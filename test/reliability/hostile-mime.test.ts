// Hostile MIME against the running service while API pollers run: every case is refused with its reply
// or stored, the process stays up, nothing is written outside the store, each attachment is offered under
// one safe Content-Disposition, and the event loop's delay is measured (its p99 is kept under 50 ms in
// docs/reliability.md; here it is reported).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startTestApp } from '../support/test-app.js';
import { HOSTILE_FILENAMES, HOSTILE_MESSAGES, runHostileMime } from './hostile-mime.js';
import { appForSuite } from '../support/suite-app.js';

describe('hostile MIME (D25)', () => {
  const t = appForSuite(() => startTestApp());

  it('answers every hostile message with 250 or a refusal of its own, while API pollers keep getting answers', async (t2) => {
    const result = await runHostileMime(t);
    t2.diagnostic(JSON.stringify(result));
    const { outcomes, pollerStatuses } = result;
    assert.match(outcomes['20,000 sibling parts']!, /^554 5\.6\.0 Message has more than 1000 MIME parts/);
    assert.match(outcomes['nesting 2,000 deep']!, /^554 5\.6\.0 MIME parts nested deeper than 20/);
    for (const [name, reply] of Object.entries(outcomes)) assert.match(reply, /^(250|552|554) /, `${name}: ${reply}`);
    assert.match(outcomes['broken encodings and charsets']!, /^250 /);
    assert.match(outcomes['hostile filenames and Content-IDs']!, /^250 /);
    assert.deepEqual(
      Object.keys(pollerStatuses),
      ['200'],
      'the pollers were answered throughout, never refused or failed',
    );
  });

  it('offers each hostile attachment name under one safe Content-Disposition and writes nothing outside the store', async () => {
    const index = HOSTILE_MESSAGES.findIndex((m) => m.name === 'hostile filenames and Content-IDs');
    t.clock.advance(1000);
    const list = await t.api(`/api/v1/mailbox?address=hostile${index}@inboxd.test`);
    const id = list.json.messages[0].id as string;
    t.clock.advance(1000);
    const message = await t.api(`/api/v1/message/${id}?mailbox=hostile${index}@inboxd.test`);
    assert.equal(message.json.attachments.length, HOSTILE_FILENAMES.length);
    for (const attachment of message.json.attachments as { id: string; filename: string }[]) {
      t.clock.advance(1000);
      const download = await t.open(`/api/v1/attachment/${attachment.id}?mailbox=hostile${index}@inboxd.test`);
      assert.equal(download.status, 200);
      const disposition = download.headers.get('content-disposition') ?? '';
      assert.equal(disposition.split(/,\s*attachment/).length, 1, 'exactly one disposition');
      assert.match(
        disposition,
        // eslint-disable-next-line no-control-regex -- control characters are what must never pass
        /^attachment; filename="[^"\\/\\\r\n\u0000-\u001f\u202a-\u202e]{1,200}"(; filename\*=UTF-8''[\w%.'!~*()-]+)?$/,
        disposition,
      );
      assert.equal(download.headers.get('content-type'), 'application/octet-stream');
      await download.arrayBuffer();
    }
    const files = readdirSync(t.dataDir).sort();
    assert.deepEqual(
      files.filter((f) => !/^inboxd\.sqlite(-wal|-shm)?$/.test(f) && f !== 'tls'),
      [],
      `unexpected files: ${files.join(', ')}`,
    );
  });
});
