import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAddress } from './address.js';

describe('parseAddress (D7)', () => {
  it('lower-cases the whole address', () =>
    assert.equal(parseAddress('Bob.Smith@InboxD.Test')?.address, 'bob.smith@inboxd.test'));
  it('keeps +tags as a mailbox of their own', () =>
    assert.equal(parseAddress('bob+tag@inboxd.test')?.address, 'bob+tag@inboxd.test'));
  it('turns an IDN domain into punycode', () =>
    assert.equal(parseAddress('a@bücher.example')?.address, 'a@xn--bcher-kva.example'));
  it('allows a UTF-8 local part (SMTPUTF8)', () =>
    assert.equal(parseAddress('Jürgen@inboxd.test')?.address, 'jürgen@inboxd.test'));
  it('accepts 64 characters of local part and refuses 65', () => {
    assert.ok(parseAddress(`${'a'.repeat(64)}@inboxd.test`));
    assert.equal(parseAddress(`${'a'.repeat(65)}@inboxd.test`), null);
  });
  it('refuses an address longer than 254 characters', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.test`;
    assert.equal(parseAddress(`${'a'.repeat(10)}@${domain}`), null);
  });
  for (const bad of [
    '',
    'plain',
    '@inboxd.test',
    'a@',
    '"quoted"@inboxd.test',
    'a..b@inboxd.test',
    '.a@inboxd.test',
    'a.@inboxd.test',
    'a b@inboxd.test',
    'a@[127.0.0.1]',
    'a@localhost',
    'a@-bad.test',
    'a@bad-.test',
    'a\u0000@inboxd.test',
    'a\u202e@inboxd.test',
    'a@in_boxd.test',
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(parseAddress(bad), null));
  }
  it('refuses values that are not strings', () => {
    assert.equal(parseAddress(undefined), null);
    assert.equal(parseAddress(42), null);
  });
});
