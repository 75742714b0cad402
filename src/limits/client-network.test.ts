import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => assert.equal(clientNetwork('192.0.2.7'), '192.0.2.7'));
  it('counts an IPv4-mapped IPv6 address as IPv4', () => assert.equal(clientNetwork('::ffff:192.0.2.7'), '192.0.2.7'));
  it('counts every address of one IPv6 /64 as one client', () => {
    assert.equal(clientNetwork('2001:db8:1:2::1'), clientNetwork('2001:db8:1:2:ffff:eeee:dddd:cccc'));
    assert.equal(clientNetwork('2001:db8:1:2::1'), '2001:0db8:0001:0002::/64');
  });
  it('separates two IPv6 /64 networks', () =>
    assert.notEqual(clientNetwork('2001:db8:1:2::1'), clientNetwork('2001:db8:1:3::1')));
  it('handles loopback', () => assert.equal(clientNetwork('::1'), '0000:0000:0000:0000::/64'));
});
