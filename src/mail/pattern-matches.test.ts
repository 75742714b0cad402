import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstMatchOf, matchesOf } from './pattern-matches.js';

const viaMatchAll = (pattern: RegExp, text: string) =>
  [...text.matchAll(pattern)].map((m) => ({ index: m.index, text: m[0], captures: m.slice(1) }));

describe('matchesOf', () => {
  it('finds what matchAll finds, captures included', () => {
    const cases: [RegExp, string][] = [
      [/(\d+)(?:-(\d+))?/g, 'a 12-34 b 5 c 678-9'],
      [/(?<![\p{L}])code(s)?/giu, 'Code, codes, barcode, CODES'],
      [/x*/g, 'axxbx'],
      [/(?:)/gu, 'a😀b'],
      [/\p{L}*/gu, 'é😀ü 1'],
    ];
    for (const [pattern, text] of cases) assert.deepEqual(matchesOf(pattern, text), viaMatchAll(pattern, text));
  });

  it('steps over a whole surrogate pair after an empty match in a Unicode pattern, one unit otherwise', () => {
    assert.deepEqual(
      matchesOf(/(?:)/gu, 'a😀').map((m) => m.index),
      [0, 1, 3],
    );
    assert.deepEqual(
      matchesOf(/(?:)/g, 'a😀').map((m) => m.index),
      [0, 1, 2, 3],
    );
  });

  it('stops at the limit', () => {
    assert.deepEqual(
      matchesOf(/\d/g, '1 2 3 4', 2).map((m) => m.text),
      ['1', '2'],
    );
    assert.equal(firstMatchOf(/\d+/g, 'ab 42 7')?.index, 3);
    assert.equal(firstMatchOf(/\d+/g, 'none'), null);
  });

  it('starts at the beginning whatever lastIndex was, and leaves it at 0', () => {
    const pattern = /o/g;
    pattern.lastIndex = 5;
    assert.equal(matchesOf(pattern, 'foo boo').length, 4);
    assert.equal(pattern.lastIndex, 0);
    pattern.lastIndex = 3;
    assert.equal(firstMatchOf(pattern, 'foo')?.index, 1);
    assert.equal(pattern.lastIndex, 0);
  });

  it('lets the pattern be used again while its matches are read', () => {
    const pattern = /\w+/g;
    const inner = matchesOf(pattern, 'one two').map((m) => matchesOf(pattern, m.text).length);
    assert.deepEqual(inner, [1, 1]);
  });

  it('refuses a pattern that is not global, as matchAll does', () => {
    assert.throws(() => matchesOf(/a/, 'a'), TypeError);
  });

  it('runs the pattern object it is given, not a copy of it', () => {
    const pattern = /b/g;
    let execs = 0;
    const exec = pattern.exec.bind(pattern);
    pattern.exec = (text: string) => ((execs += 1), exec(text));
    matchesOf(pattern, 'abcb');
    assert.equal(execs, 3);
  });
});
