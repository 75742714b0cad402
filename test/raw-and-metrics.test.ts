// The raw source of a message (GET /api/v1/message/{id}/raw) and the operators' metrics (GET /metrics),
// over real HTTPS with mail sent over a real SMTP socket: the source byte for byte as the SMTP dialogue
// carried it, and the SMTP edge's counts. The route's refusals and /metrics behind a token, in process:
// test/fast/raw-and-metrics.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendRaw } from './support/smtp-dialogue.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite, apiAtFreshMoments } from './support/suite-app.js';
import { awkwardMessage } from './support/awkward-message.js';

function metricValue(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

describe('the raw source of a message', () => {
  const t = appForSuite(() => startTestApp());
  const get = apiAtFreshMoments(t);

  it('is served as a download, byte for byte as received, without marking the message seen', async () => {
    const message = awkwardMessage('rawone');
    const replies = await sendRaw(t.app.smtpPort, { from: 'raw@example.org', to: ['rawone@inboxd.test'] }, message);
    assert.match(replies.at(-1) ?? '', /^250 /);
    const list = await get('/api/v1/mailbox?address=rawone@inboxd.test');
    const id = list.json.messages[0].id as string;

    const response = await t.open(`/api/v1/message/${id}/raw?mailbox=rawone@inboxd.test`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/octet-stream');
    assert.equal(response.headers.get('content-disposition'), `attachment; filename="${id}.eml"`);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), message);

    const again = await get('/api/v1/mailbox?address=rawone@inboxd.test');
    assert.equal(again.json.messages[0].seen, false, 'a download does not set seen (D3)');
  });
});

describe('metrics for operators (GET /metrics)', () => {
  const t = appForSuite(() => startTestApp());

  it('serves Prometheus text to a loopback client: mail accepted and refused by reason, requests by route and status, rate limits, the store, the sweeper', async () => {
    await t.send({ from: 'm@example.org', to: 'metrics@inboxd.test', subject: 'one', text: 'one' });
    const second = await sendRaw(
      t.app.smtpPort,
      { from: 'm@example.org', to: ['metrics@inboxd.test'] },
      Buffer.from(`Subject: two\r\n\r\n${'y'.repeat(998)}\r\n`),
    );
    assert.match(second.at(-1) ?? '', /^250 /);
    const refusedRcpt = await sendRaw(
      t.app.smtpPort,
      { from: 'm@example.org', to: ['x@elsewhere.example'] },
      Buffer.from('Subject: no\r\n\r\nno\r\n'),
    );
    assert.match(refusedRcpt[1] ?? '', /^550 /);
    for (let i = 0; i < 6; i += 1) await t.api('/api/v1/mailbox?address=metrics@inboxd.test');
    await t.app.sweeper.runOnce();

    const response = await t.api('/metrics');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = response.body;
    assert.equal(metricValue(text, 'inboxd_smtp_messages_accepted_total'), 2);
    assert.equal(metricValue(text, 'inboxd_smtp_recipients_refused_total', '{reason="unknown_domain"}'), 1);
    assert.equal(
      metricValue(text, 'inboxd_http_requests_total', '{route="/api/v1/mailbox",method="GET",status="200"}'),
      5,
    );
    assert.equal(
      metricValue(text, 'inboxd_http_requests_total', '{route="/api/v1/mailbox",method="GET",status="429"}'),
      1,
    );
    assert.equal(metricValue(text, 'inboxd_rate_limit_refusals_total'), 1);
    assert.ok(
      metricValue(text, 'inboxd_http_request_duration_seconds_count', '{route="/api/v1/mailbox",method="GET"}') >= 6,
    );
    assert.equal(metricValue(text, 'inboxd_store_messages'), 2);
    assert.ok(metricValue(text, 'inboxd_store_bytes') > 0);
    assert.equal(metricValue(text, 'inboxd_sweeper_runs_total', '{result="ok"}'), 1);
    assert.match(text, /^inboxd_process_nodejs_eventloop_lag_p99_seconds /m);
    assert.doesNotMatch(text, /metrics@inboxd\.test|01[0-9A-Z]{24}/, 'no address or id ever becomes a label');
  });

  it('counts a refused message by its reason', async () => {
    const parts = Array.from({ length: 1002 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join(
      '',
    );
    const replies = await sendRaw(
      t.app.smtpPort,
      { from: 'm@example.org', to: ['parts@inboxd.test'] },
      Buffer.from(
        `Subject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`,
      ),
    );
    assert.match(replies.at(-1) ?? '', /^554 /);
    const text = (await t.api('/metrics')).body;
    assert.equal(metricValue(text, 'inboxd_smtp_messages_refused_total', '{reason="too_many_parts"}'), 1);
  });
});
