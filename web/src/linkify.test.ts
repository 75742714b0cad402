import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWebLink, linkify } from './linkify.js';

describe('linkify', () => {
  it('splits text around http and https links', () => {
    assert.deepEqual(linkify('Open https://example.com/a?b=1 now'), [
      { kind: 'text', text: 'Open ' },
      { kind: 'link', url: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' now' },
    ]);
  });
  it('leaves trailing punctuation out of the link', () => {
    assert.deepEqual(linkify('(see http://x.example/path).'), [
      { kind: 'text', text: '(see ' },
      { kind: 'link', url: 'http://x.example/path' },
      { kind: 'text', text: ').' },
    ]);
  });
  it('makes no link of other schemes or of markup', () => {
    assert.deepEqual(linkify('javascript:alert(1) <a href="x">'), [
      { kind: 'text', text: 'javascript:alert(1) <a href="x">' },
    ]);
  });
  it('keeps every character of the text, in order', () => {
    const text = 'a https://one.example b\nhttps://two.example/x, c';
    assert.equal(
      linkify(text)
        .map((p) => (p.kind === 'text' ? p.text : p.url))
        .join(''),
      text,
    );
  });
});

describe('isWebLink', () => {
  for (const url of ['https://example.com', 'http://127.0.0.1:8080/x'])
    it(`accepts ${url}`, () => assert.equal(isWebLink(url), true));
  for (const url of [
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@b.example',
    'vbscript:x',
    '/relative',
    'not a url',
    ' javascript:x',
  ]) {
    it(`refuses ${JSON.stringify(url)}`, () => assert.equal(isWebLink(url), false));
  }
});
