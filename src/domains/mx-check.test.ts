import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import type { MxAnswer } from './dns-mx-lookup.js';
import { createMxCheck, MX_CACHE_MS } from './mx-check.js';

function scripted(answers: Record<string, MxAnswer>) {
  const calls: string[] = [];
  return {
    calls,
    lookup: async (domain: string) => {
      calls.push(domain);
      return answers[domain] ?? { status: 'none' as const };
    },
  };
}

describe('MX check (D11)', () => {
  it('points here when one MX host is mx_host, ignoring case and a trailing dot', async () => {
    const dns = scripted({ 'own.example': { status: 'found', hosts: ['backup.example.', 'MX.Inboxd.Test.'] } });
    const check = createMxCheck({ lookup: dns.lookup, mxHost: 'mx.inboxd.test', clock: createManualClock() });
    assert.equal(await check.check('own.example'), 'points_here');
    assert.equal(await check.check('other.example'), 'elsewhere');
  });

  it('caches positive and negative answers for 5 minutes on the clock', async () => {
    const answers: Record<string, MxAnswer> = { 'own.example': { status: 'found', hosts: ['mx.inboxd.test'] } };
    const dns = scripted(answers);
    const clock = createManualClock();
    const check = createMxCheck({ lookup: dns.lookup, mxHost: 'mx.inboxd.test', clock });
    await check.check('own.example');
    await check.check('none.example');
    answers['none.example'] = { status: 'found', hosts: ['mx.inboxd.test'] };
    clock.advance(MX_CACHE_MS - 1);
    assert.equal(await check.check('own.example'), 'points_here');
    assert.equal(await check.check('none.example'), 'elsewhere', 'the negative answer is still cached');
    assert.deepEqual(dns.calls, ['own.example', 'none.example']);
    clock.advance(1);
    assert.equal(await check.check('none.example'), 'points_here');
    assert.deepEqual(dns.calls, ['own.example', 'none.example', 'none.example']);
  });

  it('does not cache a failed lookup, so mail is deferred only while DNS fails', async () => {
    const answers: Record<string, MxAnswer> = { 'own.example': { status: 'failed', code: 'ETIMEOUT' } };
    const dns = scripted(answers);
    const check = createMxCheck({ lookup: dns.lookup, mxHost: 'mx.inboxd.test', clock: createManualClock() });
    assert.equal(await check.check('own.example'), 'failed');
    answers['own.example'] = { status: 'found', hosts: ['mx.inboxd.test'] };
    assert.equal(await check.check('own.example'), 'points_here');
  });

  it('shares one lookup between concurrent checks of a domain', async () => {
    const dns = scripted({});
    const check = createMxCheck({ lookup: dns.lookup, mxHost: 'mx.inboxd.test', clock: createManualClock() });
    await Promise.all([check.check('a.example'), check.check('a.example'), check.check('a.example')]);
    assert.deepEqual(dns.calls, ['a.example']);
  });
});
