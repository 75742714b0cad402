import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandLine, parseMailFrom, parseRcptTo } from './smtp-command.js';
import { protocol } from './replies.js';

describe('SMTP command lines (RFC 5321 §4.1)', () => {
  it('reads the verb in any case and the argument after one space', () => {
    assert.deepEqual(parseCommandLine('ehlo client.example'), { verb: 'EHLO', arg: 'client.example' });
    assert.deepEqual(parseCommandLine('DATA'), { verb: 'DATA', arg: '' });
    assert.deepEqual(parseCommandLine('MAIL FROM:<a@b.example>  '), { verb: 'MAIL', arg: 'FROM:<a@b.example>' });
  });

  it('takes the sender in angle brackets, the null sender, and a space after the colon', () => {
    assert.deepEqual(parseMailFrom('FROM:<a@b.example>'), { address: 'a@b.example' });
    assert.deepEqual(parseMailFrom('from: <a@b.example>'), { address: 'a@b.example' });
    assert.deepEqual(parseMailFrom('FROM:<>'), { address: '' });
  });

  it('ignores a source route (RFC 5321 appendix C)', () => {
    assert.deepEqual(parseMailFrom('FROM:<@relay.example,@other.example:a@b.example>'), { address: 'a@b.example' });
    assert.deepEqual(parseRcptTo('TO:<@relay.example:x@inboxd.test>'), { address: 'x@inboxd.test' });
  });

  it('refuses a sender without brackets, without a domain, or with spaces', () => {
    for (const arg of ['FROM:a@b.example', 'FROM:<a>', 'FROM:<a b@c.example>', 'TO:<a@b.example>', 'FROM:<a@>'])
      assert.deepEqual(parseMailFrom(arg), { refusal: protocol.senderSyntax }, arg);
  });

  it('knows SIZE, BODY and SMTPUTF8, and refuses a declared size over 10 MiB before any data (RFC 1870)', () => {
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> SIZE=10485760 BODY=8BITMIME SMTPUTF8'), {
      address: 'a@b.example',
    });
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> SIZE=10485761'), { refusal: protocol.declaredTooLarge });
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> SIZE=ten'), { refusal: protocol.parameterSyntax });
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> BODY=BINARYMIME'), { refusal: protocol.parameterSyntax });
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> RET=HDRS'), { refusal: protocol.unsupportedParameter });
  });

  it('refuses a repeated parameter and one whose xtext hides a line break', () => {
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> SIZE=1 size=2'), { refusal: protocol.parameterSyntax });
    assert.deepEqual(parseMailFrom('FROM:<a@b.example> BODY=7BIT+0D+0AX'), { refusal: protocol.parameterSyntax });
  });

  it('passes any recipient in brackets on to the recipient policy, which judges it (D7)', () => {
    assert.deepEqual(parseRcptTo('TO:<"quoted"@inboxd.test>'), { address: '"quoted"@inboxd.test' });
    assert.deepEqual(parseRcptTo('TO:<jürgen@inboxd.test>'), { address: 'jürgen@inboxd.test' });
  });

  it('refuses an empty recipient, a missing bracket, and any RCPT parameter (no DSN is offered)', () => {
    assert.deepEqual(parseRcptTo('TO:<>'), { refusal: protocol.recipientSyntax });
    assert.deepEqual(parseRcptTo('TO:x@inboxd.test'), { refusal: protocol.recipientSyntax });
    assert.deepEqual(parseRcptTo('TO:<x@inboxd.test> NOTIFY=NEVER'), { refusal: protocol.unsupportedParameter });
  });
});
