// D8: who a message is from, as the list and the message show it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { senderOf } from './deliver.js';

const envelope = (from: string | null, heloName: string) => ({ from, heloName, recipients: [] });

describe('the sender of a message (D8)', () => {
  it('is the envelope sender when there is one', () => {
    assert.equal(senderOf(envelope('a@example.org', 'client.example'), 'header@example.org'), 'a@example.org');
  });
  it('is the From header of a null-sender message', () => {
    assert.equal(senderOf(envelope('', 'client.example'), 'header@example.org'), 'header@example.org');
    assert.equal(senderOf(envelope(null, 'client.example'), 'header@example.org'), 'header@example.org');
  });
  it('is mailer-daemon at the HELO name, lower-cased, when that is a valid domain name', () => {
    assert.equal(senderOf(envelope('', 'Client.Example.'), null), 'mailer-daemon@client.example');
  });
  it('is mailer-daemon@invalid when the HELO text is no domain name (an address literal, an IP, words, markup)', () => {
    for (const helo of [
      '[192.0.2.1]',
      '192.0.2.1',
      'localhost',
      'my laptop',
      '<script>x</script>.example',
      'a@b.example',
      '-bad-.example',
      '',
    ]) {
      assert.equal(senderOf(envelope('', helo), null), 'mailer-daemon@invalid', helo);
    }
  });
});
