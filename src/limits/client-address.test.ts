import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientAddressRule, parseTrustedProxies, type TrustedProxies } from './client-address.js';

const rule = (value: string) => clientAddressRule(parseTrustedProxies(value) as TrustedProxies);

describe('the client behind trusted proxies (D17)', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    assert.equal(rule('off').clientOf('203.0.113.5', '198.51.100.1'), '203.0.113.5');
    assert.equal(rule('').clientOf('::ffff:203.0.113.5', undefined), '203.0.113.5');
  });

  it('reads X-Forwarded-For from the right and stops at the first address that is no trusted proxy', () => {
    const behind = rule('127.0.0.1, 10.0.0.0/8');
    assert.equal(behind.clientOf('127.0.0.1', '198.51.100.7, 10.0.0.1'), '198.51.100.7');
    // A client-written entry left of the real client is never reached.
    assert.equal(behind.clientOf('127.0.0.1', '192.0.2.99, 198.51.100.7, 10.0.0.1'), '198.51.100.7');
    // Through an untrusted hop, that hop is the client.
    assert.equal(rule('127.0.0.1').clientOf('127.0.0.1', '198.51.100.7, 10.0.0.1'), '10.0.0.1');
    // A request straight from the internet cannot name another client.
    assert.equal(behind.clientOf('203.0.113.5', '198.51.100.7'), '203.0.113.5');
  });

  it('skips entries that are not IP addresses', () => {
    const behind = rule('127.0.0.1');
    assert.equal(behind.clientOf('127.0.0.1', 'garbage-not-ip'), '127.0.0.1');
    assert.equal(behind.clientOf('127.0.0.1', '198.51.100.7, unknown'), '198.51.100.7');
    assert.equal(behind.clientOf('127.0.0.1', ['2001:db8::1', 'x']), '2001:db8::1');
  });

  it('counts hops: with 2, the second address from the right', () => {
    assert.equal(rule('2').clientOf('127.0.0.1', '192.0.2.99, 198.51.100.7, 10.0.0.1'), '198.51.100.7');
    assert.equal(rule('1').clientOf('127.0.0.1', '192.0.2.99, 198.51.100.7'), '198.51.100.7');
    assert.equal(rule('1').clientOf('127.0.0.1', undefined), '127.0.0.1');
  });

  it('honours X-Forwarded-Proto only from a trusted peer', () => {
    assert.equal(rule('10.0.0.0/8').trusts('10.1.2.3'), true);
    assert.equal(rule('10.0.0.0/8').trusts('203.0.113.5'), false);
    assert.equal(rule('off').trusts('10.1.2.3'), false);
  });

  it('refuses `on`, bad addresses and bad prefixes in INBOXD_TRUST_PROXY with a message', () => {
    for (const value of ['on', 'true', '10.0.0.0/33', 'not-an-ip', '11'])
      assert.equal(typeof parseTrustedProxies(value), 'string', value);
    assert.deepEqual(parseTrustedProxies('3'), { kind: 'hops', hops: 3 });
    assert.deepEqual(parseTrustedProxies('::1, 10.0.0.0/8'), { kind: 'addresses', list: ['::1', '10.0.0.0/8'] });
  });
});
