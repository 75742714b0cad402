// The word lists' patterns match exactly as the plain alternation of their words would, each word with its
// own boundaries, in the list's order: the same places, the same words, over every word in many settings and
// over the labelled corpus of real-style mail.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as words from './code-words.js';
import { WORD_LISTS } from './code-words.js';
import { LETTER_OR_DIGIT, wordAlternation, wordPattern } from './word-alternation.js';
import { htmlToText } from './html-text.js';
import { matchesOf } from './pattern-matches.js';

/** The form the lists were written in before: one alternative per word, each with its own boundaries. */
function wordByWord(list: readonly string[]): RegExp {
  const alternatives = list.map((word) => {
    const p = wordPattern(word);
    return `${p.lead ? `(?<!${LETTER_OR_DIGIT})` : ''}(?:${p.source})${p.trail ? `(?!${LETTER_OR_DIGIT})` : ''}`;
  });
  return new RegExp(alternatives.join('|'), 'giu');
}

const placesOf = (pattern: RegExp, text: string) => matchesOf(pattern, text).map((m) => [m.index, m.text]);

/** Each word as plain text (a pattern word by a few of the strings it matches), in the settings that decide
 * its boundaries, and the whole list run together, so that words meet words at the same places. */
function settings(list: readonly string[]): string[] {
  const plain = list
    .map((word) => word.replace(/^\*|\*$/g, ''))
    .flatMap((body) =>
      /[()|?[\]]/.test(body)
        ? ['license key', 'licence key', 'product key', 'recovery key', 'backup key', 'serial key']
        : [body],
    );
  const around = (w: string) => [
    w,
    `a${w}`,
    `${w}a`,
    `7${w}7`,
    `Ä${w}ß`,
    `Я${w}ж`,
    ` ${w}: 4829`,
    `(${w})`,
    w.toUpperCase(),
    `x${w.toUpperCase()}s`,
  ];
  return [...plain.flatMap(around), plain.join(''), plain.join(' '), plain.join('a'), plain.join('1')];
}

/** The corpus's subjects and bodies as the extractor reads them, HTML as its text (html-text.ts): the
 * markup, most of an HTML body's length, is never matched against the lists, and the word-by-word reference,
 * once its source passes V8's 20 KB limit for optimising a pattern, reads it slowly. */
function corpusTexts(): string[] {
  const corpus = JSON.parse(
    readFileSync(new URL('../../test/fixtures/codes-corpus/corpus.json', import.meta.url), 'utf8'),
  ) as { subject: string; text: string | null; html: string | null }[];
  return corpus.flatMap((m) => [m.subject, m.text ?? '', m.html === null ? '' : htmlToText(m.html)]);
}

describe('code word lists', () => {
  const texts = corpusTexts();
  for (const [name, list] of Object.entries(WORD_LISTS)) {
    it(`${name} matches the same words at the same places as the word-by-word alternation`, () => {
      const pattern = words[name as keyof typeof WORD_LISTS];
      assert.equal(pattern.source, wordAlternation([...list]));
      const reference = wordByWord(list);
      let compared = 0;
      for (const text of [...settings(list), ...texts]) {
        assert.deepEqual(placesOf(pattern, text), placesOf(reference, text), text.slice(0, 200));
        compared += 1;
      }
      assert.ok(compared > 1000);
    });
  }

  it('writes the letter-or-digit class once per run of words, not once per word', () => {
    for (const [name, list] of Object.entries(WORD_LISTS)) {
      const written = words[name as keyof typeof WORD_LISTS].source.split(LETTER_OR_DIGIT).length - 1;
      const bounded = list.map(wordPattern).filter((p) => p.lead || p.trail).length;
      assert.ok(written <= 1 + bounded / 2, `${name}: ${written} for ${bounded} bounded words`);
    }
  });

  it('tries each branch only where one of its words’ first characters stands (of each branch of a group a word starts with), and everywhere when a word starts with other syntax', () => {
    const source = wordAlternation(['*code', 'コード', 'pin']);
    assert.ok(source.startsWith(`(?<!${LETTER_OR_DIGIT})(?=[cコp])`));
    assert.ok(source.includes('|(?=[cコ])(?:'));
    // A word led by a group is tried where the first character of one of the group's branches stands.
    assert.ok(wordAlternation(['(?:licen[cs]e|product) key', 'pin']).startsWith(`(?<!${LETTER_OR_DIGIT})(?=[lp])`));
    assert.ok(
      wordAlternation(['mã\\s+(?:thẻ|đơn\\s+(?:hàng|vé))', 'pin']).startsWith(`(?<!${LETTER_OR_DIGIT})(?=[mp])`),
    );
    assert.ok(!wordAlternation(['(?:licen[cs]e|product)? key', 'pin']).includes('(?=['));
    assert.ok(!wordAlternation(['[lp]icence key', 'pin']).includes('(?=['));
    assert.ok(!wordAlternation(['x?yz', 'pin']).includes('(?=['));
    assert.deepEqual(placesOf(new RegExp(source, 'giu'), 'Bestätigungscode: 1, PIN 2, 確認コード 3, pine 4'), [
      [12, 'code'],
      [21, 'PIN'],
      [30, 'コード'],
    ]);
  });

  it('an alternation of words that all need a boundary before them has no second branch', () => {
    const source = wordAlternation(['order', 'invoice']);
    assert.equal(source, `(?<!${LETTER_OR_DIGIT})(?=[oi])(?:(?:(?:order)|(?:invoice))(?!${LETTER_OR_DIGIT}))`);
    assert.deepEqual(placesOf(new RegExp(source, 'giu'), 'Order 1, reorder 2, invoices 3, INVOICE 4'), [
      [0, 'Order'],
      [32, 'INVOICE'],
    ]);
  });
});
