import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitForMatchInput } from '../wait-for-match.js';
import { compilePattern, MAX_MATCHED_CHARS, regexProblem } from './regex-safety.js';

describe('regex safety (issue 19)', () => {
  it('passes the patterns a test suite writes for codes, links and senders', () => {
    for (const source of [
      '\\b\\d{6}\\b',
      'code:\\s*(\\d{6})',
      'https://[^\\s]+/verify\\?t=\\w+',
      '^no-?reply@',
      '(?<code>[A-Z0-9]{8})',
      'x{2,5}',
      '[(?=\\1]',
    ]) {
      assert.equal(regexProblem(source), null, source);
    }
  });

  it('refuses patterns that could backtrack without limit (nested quantifiers)', () => {
    for (const source of ['(a+)+', '(a*)*b', '(.*)*', '(\\w+\\s?)+$'])
      assert.equal(regexProblem(source), 'could backtrack without limit', source);
  });

  it('refuses backreferences and lookarounds, outside character classes', () => {
    for (const source of ['(a)\\1', '(?<n>a)\\k<n>'])
      assert.equal(regexProblem(source), 'uses a backreference', source);
    for (const source of ['(?=x)y', '(?!x)y', '(?<=x)y', '(?<!x)y'])
      assert.equal(regexProblem(source), 'uses a lookaround', source);
  });

  it('refuses a pattern that does not compile, or is longer than 200 characters', () => {
    assert.equal(regexProblem('('), 'is not a valid JavaScript regular expression');
    assert.equal(regexProblem('[a-'), 'is not a valid JavaScript regular expression');
    assert.equal(regexProblem('a'.repeat(201)), 'is longer than 200 characters');
    assert.equal(regexProblem('a'.repeat(200)), null);
  });

  it('matches case-insensitively, over the first 256 KiB of the text only', async () => {
    const test = compilePattern('verify');
    assert.equal(await test('Please VERIFY'), true);
    assert.equal(await test(`${'x'.repeat(MAX_MATCHED_CHARS - 6)}verify`), true);
    assert.equal(await test(`${'x'.repeat(MAX_MATCHED_CHARS)}verify`), false);
  });

  it('is checked by the input schema, so a refused pattern never reaches the wait', () => {
    const parse = (body_regex: string) => waitForMatchInput.safeParse({ address: 'a@inboxd.test', body_regex }).success;
    assert.equal(parse('\\d{6}'), true);
    assert.equal(parse('(a+)+'), false);
    assert.equal(parse('(?=a)'), false);
    assert.equal(parse('('), false);
  });
});

describe('regex budget (issue 19)', () => {
  it('stops a pattern safe-regex2 passes but that backtracks exponentially, with 400', async () => {
    assert.equal(regexProblem('(a|a)*b'), null, 'safe-regex2 cannot see overlapping alternatives');
    await assert.rejects(compilePattern('(a|a)*b')('a'.repeat(40)), { slug: 'invalid_parameter', status: 400 });
  });

  it('stops a quadratic pattern over a long text, with 400, and tests the next pattern on a fresh thread', async () => {
    const slow = compilePattern('a*b')('a'.repeat(MAX_MATCHED_CHARS));
    const queued = compilePattern('code')('the CODE');
    await assert.rejects(slow, { slug: 'invalid_parameter' });
    assert.equal(await queued, true);
  });

  it('lets a linear pattern read the whole 256 KiB', async () => {
    const test = compilePattern('\\b\\d{6}\\b');
    assert.equal(await test(`${'x '.repeat(MAX_MATCHED_CHARS / 2 - 4)}123456`), true);
  });
});
