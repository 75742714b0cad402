// Where and how a token is set out in its mail (code-layout.ts): marks of emphasis kept from the HTML, read
// back line by line, and the rows of a table of details.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EMPHASIS_CLOSE,
  EMPHASIS_OPEN,
  STYLED_CLOSE,
  STYLED_OPEN,
  emphasisedAt,
  fieldLabel,
  markLayout,
  readMarks,
  setApartSpans,
  type TokenPlace,
} from './code-layout.js';

const place = (p: Partial<TokenPlace>): TokenPlace => ({
  before: '',
  after: '',
  previous: '',
  above: '',
  next: '',
  further: '',
  top: '',
  ...p,
});

describe('markLayout', () => {
  it('marks a short element styled as a code is shown, and one emphasised otherwise', () => {
    assert.equal(
      markLayout('<div style="letter-spacing:6px">58 21 94</div>'),
      `<div style="letter-spacing:6px">${STYLED_OPEN}58 21 94${STYLED_CLOSE}</div>`,
    );
    assert.equal(markLayout('<p>Room <b>A12</b></p>'), `<p>Room <b>${EMPHASIS_OPEN}A12${EMPHASIS_CLOSE}</b></p>`);
    assert.equal(markLayout('<p>Hello <b>Ana</b></p>'), '<p>Hello <b>Ana</b></p>');
    assert.equal(
      markLayout('<td style="border:1px solid #999"><span>Q7-PL44</span></td>'),
      `<td style="border:1px solid #999"><span>${EMPHASIS_OPEN}Q7-PL44${EMPHASIS_CLOSE}</span></td>`,
    );
  });

  it('leaves plain markup, a long text and an element with markup inside alone', () => {
    for (const html of [
      '<p>Thanks for riding with us.</p>',
      `<p style="font-weight:bold">${'word '.repeat(20)}</p>`,
      '<td style="font-weight:bold">Hello <i>there</i></td>',
    ])
      assert.equal(markLayout(html), html);
  });
});

describe('markLayout on hostile input', () => {
  it('reads a long run of closing tags, or of font styles, in linear time', () => {
    for (const html of [`<b>x${'</'.repeat(128 * 1024)}`, `<p style="${'font:'.repeat(50_000)}">1</p>`]) {
      const start = performance.now();
      markLayout(html);
      assert.ok(performance.now() - start < 1500);
    }
  });
});

describe('readMarks', () => {
  it('drops the marks and says whether the whole line was marked and where the runs are', () => {
    assert.deepEqual(readMarks(`  ${STYLED_OPEN}K7-22PQ${STYLED_CLOSE} `), {
      text: 'K7-22PQ',
      styled: true,
      emphasised: true,
      spelled: false,
      runs: [[0, 7]],
    });
    const inline = readMarks(`Type ${EMPHASIS_OPEN}ZX 4410 7${EMPHASIS_CLOSE} on the pad.`);
    assert.equal(inline.text, 'Type ZX 4410 7 on the pad.');
    assert.equal(inline.emphasised, false);
    assert.deepEqual(inline.runs, [[5, 14]]);
    assert.ok(emphasisedAt(inline.runs, inline.text, 5, 14));
    assert.ok(!emphasisedAt(inline.runs, inline.text, 8, 12));
  });

  it('reads characters each in a box of their own, side by side, as a code set out one per cell', () => {
    const box = (c: string) => `${EMPHASIS_OPEN}${c}${EMPHASIS_CLOSE}`;
    const read = readMarks([...'4Q7Z2'].map(box).join(''));
    assert.equal(read.text, '4Q7Z2');
    assert.ok(read.spelled);
    assert.ok(!readMarks([...'QZW'].map(box).join('')).spelled);
  });

  it('reads a line with no marks as it is', () => {
    assert.deepEqual(readMarks(' plain words '), {
      text: 'plain words',
      styled: false,
      emphasised: false,
      spelled: false,
      runs: [],
    });
  });
});

describe('fieldLabel', () => {
  it('gives the label of a "Label: value" row with another row beside it', () => {
    assert.equal(fieldLabel(place({ before: 'Hardware tag: ', next: 'Firmware: 2.4' })), 'Hardware tag');
  });

  it('gives the label cell over a value set alone, with a row of cells beside them', () => {
    assert.equal(
      fieldLabel(place({ previous: 'Member number', above: 'Plan: Gold', next: 'Renewal' })),
      'Member number',
    );
    assert.equal(fieldLabel(place({ previous: 'Locker', next: 'Open until', further: 'Friday' })), 'Locker');
    assert.equal(
      fieldLabel(
        place({ previous: 'Event id', above: '198.51.100.7 (Oslo)', top: 'Address', next: 'If it was you …' }),
      ),
      'Event id',
    );
  });

  it('gives none for a single row, a sentence, or text after the value', () => {
    assert.equal(fieldLabel(place({ before: 'Your code: ', previous: 'Hello Jo,', next: 'Thanks' })), null);
    assert.equal(fieldLabel(place({ previous: 'Please type the numbers below.', next: 'Valid: 5 minutes' })), null);
    assert.equal(fieldLabel(place({ before: 'Tag: ', after: ' (on the box)', next: 'Colour: red' })), null);
  });
});

describe('setApartSpans', () => {
  it('gives the short line whole, each emphasised run and the value after a field label', () => {
    const text = 'Key : 04 R 8Q2 11';
    assert.deepEqual(
      setApartSpans(text, []).map(([s, e]) => text.slice(s, e)),
      ['Key : 04 R 8Q2 11', '04 R 8Q2 11'],
    );
    const long = `Tap ${'x'.repeat(40)} then AB 12`;
    assert.deepEqual(
      setApartSpans(long, [[long.length - 5, long.length]]).map(([s, e]) => long.slice(s, e)),
      ['AB 12'],
    );
  });
});
