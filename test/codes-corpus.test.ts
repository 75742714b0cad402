// The bars of issue 17 on the labelled corpus (test/fixtures/codes-corpus): the extraction the agent tools
// use must be right on the held-out part, and the committed corpus must be the generator's output.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { BARS, figuresOf, runExtraction, shortfalls } from '../bench/code-score.js';
import { buildCorpus } from './fixtures/codes-corpus/build-corpus.js';
import type { CorpusMessage } from './fixtures/codes-corpus/types.js';

const corpus = JSON.parse(readFileSync(new URL('./fixtures/codes-corpus/corpus.json', import.meta.url), 'utf8')) as CorpusMessage[];

describe('the codes and links corpus (issue 17)', () => {
  it('is the generator output: at least 400 labelled messages in at least 10 languages, split in two', () => {
    assert.deepEqual(corpus, buildCorpus());
    assert.ok(corpus.length >= 400);
    assert.ok(new Set(corpus.map((m) => m.language)).size >= 10);
    assert.ok(corpus.some((m) => m.part === 'tune') && corpus.some((m) => m.part === 'held-out'));
    assert.equal(new Set(corpus.map((m) => m.id)).size, corpus.length, 'ids are unique');
  });

  for (const part of ['held-out', 'tune'] as const) {
    it(`the ${part} part clears the bars: code precision ≥ ${BARS.precision * 100}%, recall ≥ ${BARS.recall * 100}%, primary link first ≥ ${BARS.linkFirst * 100}%, no false code`, () => {
      const figures = figuresOf(corpus.filter((m) => m.part === part).map(runExtraction));
      assert.deepEqual(shortfalls(figures), []);
    });
  }
});
