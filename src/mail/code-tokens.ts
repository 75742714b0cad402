// The tokens of a message that may be a one-time code (issue 17), for extract-codes.ts: their shapes, the
// ones never a code whatever the words around them say (amounts, units, dates, parts of longer numbers,
// discount-code shapes), and how a person types them. The words around a token are weighed in
// extract-codes.ts, with the word lists of code-words.ts.
import { readMarks, type MarkedLine } from './code-layout.js';

/** Candidate tokens: two or three capitals before two or three groups of three or four digits (SK 4821 9037,
 * PZ 418 207), digits
 * set out one by one (7 3 9 2 1 4, or with a wider gap, or 7-3-9-2-1-4 with a dash), digits in groups of 2 to
 * 4 (482 913, 52 91 07, 7194-0263) or two or three of five with a dash (38219-40671, 88213-55091-04477, recovery codes),
 * four to six dash groups of three to five digits (a licence's PIN, 418-227-905-316-774), 4 to 8 digits, groups of three or four capitals and digits set out with
 * spaces (K2M 7QP), upper-case letters and digits with at least one of each, in up to six dash groups of one
 * to ten (K7P2QX, K7Q-4ZP, ABCD-EF2H-JK3M-NP4R, G-740392, HB-4K9Q, KQ2M-8XHT-4W, PM-61K8-Z3), lower-case
 * letters and digits with at least one of each, in up to four dash groups of two or more (7rk2mp, h7k2-9dqm,
 * 7f3a1-c92d8, op-53k9, hl7-38k-q2),
 * capitals alone, in dash groups (KPLM-QTWX) or five to eight in one run (KPRTXW, FKPRT), and six to eight
 * letters and digits in mixed case with a digit (Vt82pQ, which needs its label). Not inside a
 * word, a number, a time, a path or an address; a colon just before is a label's ("code:482913"). Every
 * quantifier is bounded, and a token can only start where a word does, so a scan is linear. */
export const CANDIDATE =
  /(?<![\w.,/@#+-]|\d:)([A-Z]{2,3}(?: \d{3,4}){2,3}(?![\w-])|\d(?: \d){3,8}|\d(?: {2}\d){3,8}|\d(?:-\d){3,7}(?![\w-])|\d{3,5}(?:-\d{3,5}){3,5}|\d{2,4}(?:[- ]\d{2,4}){1,3}|\d{5}(?:-\d{5}){2}|\d{5}[- ]\d{5}|\d{4,8}|\d{1,2}-\d{1,2}-\d{2,4}|(?=[A-Z]{0,3}\d)(?=\d{0,3}[A-Z])[A-Z\d]{3,4}(?: (?=[A-Z]{0,3}\d)(?=\d{0,3}[A-Z])[A-Z\d]{3,4}){1,2}(?![\w-])|(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])(?:[A-Z0-9]{1,10}(?:-[A-Z0-9]{1,8}){1,5}|[A-Z0-9]{3,16})|(?=[a-z]{0,4}\d)(?=\d{0,4}[a-z])[a-z\d]{4,6} (?=[a-z]{0,5}\d)(?=\d{0,5}[a-z])[a-z\d]{4,6}(?![\w-])|(?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z])[a-z0-9]{2,12}(?:-[a-z0-9]{2,8}){0,3}|[A-Z]{3,8}(?:-[A-Z]{3,8}){1,4}|[A-Z]{5,8}|(?=[A-Za-z]{0,7}\d)(?=[A-Z\d]{0,7}[a-z])(?=[a-z\d]{0,7}[A-Z])[A-Za-z\d]{6,8})(?![\w@/-]|[.,:]\d)/g;

/** Currency signs and codes (ISO and as written) before or after an amount, in the languages read. */
const CURRENCIES =
  'usd|eur|gbp|chf|pln|brl|rub|mxn|cad|aud|jpy|cny|rmb|krw|inr|tl|sek|nok|dkk|czk|kč|huf|uah|грн|sar|aed|egp|vnd|ron|lei|ars|clp|cop|rs\\.?|zł|kr|руб\\.?|р\\.|ر\\.س|ريال|درهم|جنيه|dollars?|euros?|reais|pesos?|lira|yuan|yen|won|rupees?';
export const CURRENCY_BEFORE = new RegExp(
  `(?:[$€£¥₹₩₽￥₺₴₫฿₪]|r\\$|s/)\\s?$|(?<![\\p{L}])(?:${CURRENCIES})\\s?$`,
  'iu',
);
export const CURRENCY_AFTER = new RegExp(`^\\s?(?:[$€£¥₹₩₽￥₺₴₫฿₪%円元원]|บาท|(?:${CURRENCIES})(?![\\p{L}]))`, 'iu');
/** An amount of money anywhere in a text: a number and a currency's sign or name after it, or a sign before
 * it ("20.000 đ", "5 €", "$10", "10 zł"). */
export const AMOUNT = new RegExp(
  `\\d(?:[\\d.,  ]*\\d)?\\s?(?:[$€£¥₹₩₽￥₺₴₫฿₪円元원]|บาท|đ(?![\\p{L}])|(?:${CURRENCIES})(?![\\p{L}]))|(?:[$€£¥₹₩₽￥₺₴₫฿₪]|r\\$)\\s?\\d`,
  'iu',
);
/** A unit after a number, as a word of its own: "15 min", "10 h", not "3782 Hızlı …" or "4821 Mã …". */
export const UNIT_AFTER =
  /^\s?(?:h|uhr|min|mins|minutes?|sec|seconds?|hours?|days?|kb|mb|gb|px|kg|g|km|m)(?![\p{L}\p{N}])|^\s?(?:分|時|時間|日|月|年|秒|일|월|년|시|분)/iu;
/** "1030 am" is a time; "7391 am Automaten" is not (German "am", at the). */
const AM_PM_AFTER = /^\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])/iu;
export const isTime = (token: string, after: string): boolean =>
  /^(?:0?\d|1[0-2])[0-5]\d$/.test(token) && AM_PM_AFTER.test(after);
/** A date written with dashes or spaces (2026-11-21, 21-11-2026), or a day and a month with a dash
 * (22-06, 06-22): never a code. */
const DATE =
  /^(?:(?:19|20)\d\d[- ]\d{1,2}[- ]\d{1,2}|\d{1,2}[- ]\d{1,2}[- ](?:19|20)\d\d|(?:0?[1-9]|[12]\d|3[01])-(?:0?[1-9]|1[0-2])|(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01]))$/;
/** A year: of the common era, or of the Buddhist era that Thai mail dates by (2568 is 2025), after Thai
 * words ("มีนาคม 2568", "พ.ศ. 2568"). */
export const isYear = (token: string, before = ''): boolean =>
  /^(19|20)\d\d$/.test(token) || (/^25\d\d$/.test(token) && /\p{Script=Thai}[\s.]*$/u.test(before));
export const isDigits = (token: string): boolean => /^[\d -]+$/.test(token);
/** Shapes that only a label right before them or the line above them makes a code: groups of letters and
 * digits set out with spaces (a postcode's shape too), capitals alone, numbers of more than eight digits,
 * digits in dash groups of one digit (a Chinese pick-up code, 8-2-4017), letters and digits in dash groups
 * of two (K7-M2-Q9) or with a group of one or two after the first (4B7Q-XZ, CM-3320-9, a model's or a
 * standard's name too: COVID-19, ISO-8859-1), more than ten letters and digits in one run (an eSIM's
 * activation code, and a parcel's or an account's number too), and lower-case letters and digits (a
 * developer's two-factor or recovery code, and a version's, a commit's or a file's name too). */
export const needsLabel = (token: string): boolean =>
  isDigits(token)
    ? token.replace(/[ -]/g, '').length > 8 || /(?:^|-)\d(?:-|$)/.test(token)
    : token.includes(' ') ||
      !/\d/.test(token) ||
      /[a-z]/.test(token) ||
      /^[A-Z\d]{2}-/.test(token) ||
      /-[A-Z\d]{1,2}(?:-|$)/.test(token) ||
      /^[A-Z\d]{11,}$/.test(token);

/** A code set out as a whole in a shape the candidates do not take (code-layout.ts finds where): groups of
 * capitals and digits parted by spaces or dashes, of unequal lengths ("RML 5520 83", "02 P 7K4M2X 9Q3", "81
 * 04 77 29 35", "7281-4406-19"), or digits in one run of nine to twelve ("5820174936"); six to sixteen
 * letters and digits in all, three digits or more, or two in two groups with capitals ("4MPX 9K", "7Q4 PXM").
 * Each is a code only when named so or shown apart
 * (extract-codes.ts). */
const WHOLE = /^[A-Z\d]{1,12}(?:[ -][A-Z\d]{1,12}){0,5}$/;
/** Two groups of capitals and digits, a space apart, capitals in each or in one of them, two digits or more: a
 * code read off a screen or typed on a television ("4MPX 9K", "7Q4 PXM"). */
const TWO_GROUPS = /^(?=[A-Z\d ]*[A-Z])[A-Z\d]{2,8} [A-Z\d]{2,8}$/;
export function wholeShape(text: string): boolean {
  if (text.length > 40 || !WHOLE.test(text)) return false;
  const bare = text.replace(/[ -]/g, '');
  return (
    bare.length >= 6 &&
    bare.length <= 16 &&
    ((bare.match(/\d/g) ?? []).length >= 3 || (/\d.*\d/.test(bare) && TWO_GROUPS.test(text))) &&
    !DATE.test(text) &&
    !/^(.)\1+$/.test(bare)
  );
}

/** The code a person types: digits or letters shown in groups or one by one are typed without the spaces
 * (482 913 → 482913, K2M 7QP → K2M7QP); a dash is kept as shown (123-456, ABCD-EFGH), as forms that split
 * a code take it either way. */
export function typed(token: string): string {
  return token.replace(/ /g, '');
}

/** Shapes that are never a one-time code: too few or too many digits once grouped, dates, fewer than four
 * letters and digits, and a word followed by a number of one to three digits (WINTER15, ZOMER3,
 * MONSOON200), the shape of a discount code. */
export function plausible(token: string): boolean {
  if (isDigits(token)) {
    // A recovery code may run to twelve digits in three groups of four (4819-2753-0066, 4819 2753 0066), or
    // ten or fifteen in two or three of five (38219-40671, 88213-55091-04477), an activation code to nine in
    // three of three (482 019 336), an eSIM's to sixteen in four dash groups of four (3318-7720-4491-6605), a
    // licence's PIN to fifteen in five of three (418-227-905-316-774): dash groups alike, three to six of
    // them, or four groups of four with spaces (a number-porting code, 2611 4480 3917 2205, as long as a
    // card's number, which no mail asks to type), each a code only when named so at once or asked to be
    // typed right above it; a phone number's groups are of unequal lengths or set apart with spaces.
    const digits = token.replace(/[ -]/g, '').length;
    // One digit repeated (0000, 111111) is a default or a placeholder, never a one-time code.
    return (
      ((digits >= 4 && digits <= 8) ||
        /^\d{4}(?: \d{4}){2,3}$|^\d{5} \d{5}$|^\d{3} \d{3} \d{3}$|^(?:\d{3}(?:-\d{3}){2,5}|\d{4}(?:-\d{4}){2,5}|\d{5}(?:-\d{5}){1,5})$/.test(
          token,
        )) &&
      !DATE.test(token) &&
      !/^(\d)(?:[ -]?\1)+$/.test(token)
    );
  }
  // Three letters and digits are a name ("2FA code", "MP3"), not a code: codes have four characters or more.
  if (token.replace(/-/g, '').length < 4) return false;
  // Lower case: a code's letters and digits are mixed, in three runs or more (7rk2mp, h7k2-9dqm); a number
  // with a unit or a suffix (10th, 15min, 1080p) or a word with a number (web3, save20, h264) is not one.
  // Words and a number joined by dashes, each group letters alone or digits alone, are a name (a token's,
  // a device's or a project's: deploy-laptop-2025), not a code, whose groups mix letters and digits or whose
  // letters are mostly consonants (h7k2-9dqm, xkcd-2931-qzrt).
  if (/[a-z]/.test(token))
    return (
      (token.match(/[a-z]+|\d+/g) ?? []).length >= 3 &&
      !(/^(?:[a-z]+|\d+)(?:-(?:[a-z]+|\d+))+$/.test(token) && wordLike(token.toUpperCase(), 4))
    );
  // Groups of letters alone and of digits alone, of unequal lengths, with seven digits or more, the last of
  // digits: a reference with its prefix (RT-77018204, AF-2025-0041877, HN-FTTH-0041882), not a code (an
  // eSIM's activation code ends in a check letter: PW-8831-5520-K), whose letters and digits
  // are mixed or few, nor a key, whose groups are even (ABCDE-12345-FGHIJ-67890).
  // A key may carry a short prefix before its even groups (CNH-20-4418-9937-7025): three groups of four
  // digits or more alike at its end are a key's.
  // Words of capitals and a year joined by dashes (SINT-2025, EXPO-2026): an event's or a campaign's name.
  if (/^[A-Z]{3,}(?:-[A-Z]{3,})*-(?:19|20)\d\d$/.test(token)) return false;
  if (
    /^(?:[A-Z]+|\d+)(?:-(?:[A-Z]+|\d+))*-\d+$/.test(token) &&
    token.replace(/\D/g, '').length >= 7 &&
    new Set(token.split('-').map((group) => group.length)).size > 1 &&
    !evenTail(token)
  )
    return false;
  // Capitals alone in one run: a code's letters are mostly consonants (KPRTXW); a word's are not (WELCOME),
  // and one letter repeated is a placeholder (XXXXX).
  if (/^[A-Z]+$/.test(token)) return (token.match(/[AEIOUY]/g) ?? []).length <= 1 && !/^(.)\1+$/.test(token);
  // More than ten in one run: a code's letters and digits are mixed; a long run of digits after a prefix
  // is a reference (NT2506100918447, RR448127733IL), and a run of letters read as a word a promotion's
  // name (MIERCOLES2X1).
  if (/^[A-Z\d]{11,}$/.test(token) && (/\d{5}/.test(token) || wordLike(token, 5))) return false;
  const promo = /^([A-Z]{4,})\d{1,3}$/.exec(token);
  return promo === null || !wordLike(promo[1] as string, 4);
}

/** Whether a token of more than three dash groups ends in three groups of four digits or more, all alike. */
function evenTail(token: string): boolean {
  const groups = token.split('-');
  const tail = groups.slice(-3);
  return (
    groups.length > 3 && tail.every((group) => /^\d{4,}$/.test(group) && group.length === (tail[0] as string).length)
  );
}

/** Whether a token holds a run of letters, at least `least` long, of which a third or more are vowels, as
 * a word's are; the letters of a generated code are mostly consonants, as most letters are. */
function wordLike(token: string, least: number): boolean {
  for (const [run] of token.matchAll(/[A-Z]+/g))
    if (run.length >= least && (run.match(/[AEIOUY]/g) ?? []).length * 3 >= run.length) return true;
  return false;
}

/** The first code point of each run of ten digits in the other scripts read: Arabic-Indic, Eastern
 * Arabic-Indic (Persian, Urdu), Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
 * Malayalam, Thai, Lao, Myanmar, Khmer. */
const ZEROS = [
  0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0x1040, 0x17e0,
];
const OTHER_DIGITS =
  /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0e50-\u0e59\u0ed0-\u0ed9\u1040-\u1049\u17e0-\u17e9]/g;
function asciiDigit(d: string): string {
  const code = d.charCodeAt(0);
  return String(code - (ZEROS.find((zero) => code >= zero && code <= zero + 9) as number));
}

const SPACE_RUN = /[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]{2,}|\t/g;
const OTHER_SPACE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

/** A line of a body as the extractor reads it, and whether it was set out one character per table cell (or
 * per line) and joined up: a layout that shows a code to type, which an order's or a tracking number is
 * not given. */
export interface BodyLine {
  text: string;
  spelled: boolean;
  /** Whether the whole line is the text of an element styled as a code is shown (code-layout.ts's marks). */
  styled: boolean;
  /** Whether the whole line is the text of an emphasised element, and where its emphasised runs are. */
  emphasised: boolean;
  runs: [number, number][];
}

const bodyLine = (m: MarkedLine): BodyLine => ({
  text: m.text,
  spelled: m.spelled,
  styled: m.styled,
  emphasised: m.emphasised,
  runs: m.runs,
});
const NO_RUNS: [number, number][] = [];
const MARKS = /[\ue000\ue001\ue003\ue004]/;
const PLAIN = { spelled: false, styled: false, emphasised: false, runs: NO_RUNS };

/** The number of an item in a numbered list set out in a cell or on a line of its own ("1", "2.", "3)"). */
const ITEM_NUMBER = /^(\d{1,2})[.)]?$/;
/** What parts the items of a row: a middle dot, a bullet, a bar, a comma or a semicolon and a space, or the
 * wider gap of columns. */
const ROW_SEPARATOR = / {0,2}[·•|] {0,2}|[,;] {1,2}| {2}/;
/** What a row of codes is made of, at most a few codes long: read before it is split (most lines are not). */
const ROW_LINE = /^[A-Za-z\d][A-Za-z\d ·•|,;-]{8,160}$/;
/** An item of a row of codes: letters and digits, with a digit and a letter or a dash, in up to four dash
 * groups (a row of bare numbers is a row of amounts, years or postcodes as often). */
const ROW_ITEM = /^(?=[\w-]*\d)(?=[\w-]*[A-Za-z-])[A-Za-z\d]{2,12}(?:-[A-Za-z\d]{2,12}){0,3}$/;
const itemShape = (item: string): string =>
  `${item.replace(/[A-Za-z\d]/g, 'x')} ${/[a-z]/.test(item)} ${/[A-Z]/.test(item)}`;

/** The items of a line that is nothing but a row of two or more codes alike ("73kd9q2m · p0x8w1ra ·
 * t6vn3ehz", "4821-9930  7716-2054", "7hq2-9xk4 m3pz-t81w"): the same groups of letters and digits, in the
 * same case. Null when the line is anything else. */
function rowItems(line: string): string[] | null {
  if (line.length > 161 || !ROW_LINE.test(line)) return null;
  // Codes in dash groups may be parted by one space ("7hq2-9xk4 m3pz-t81w"), as no code's groups are.
  const items = ROW_SEPARATOR.test(line) ? line.split(ROW_SEPARATOR) : line.includes('-') ? line.split(' ') : [];
  if (items.length >= 2 && !ROW_SEPARATOR.test(line) && !items.every((item) => item.includes('-'))) return null;
  if (items.length < 2) return null;
  const shape = itemShape(items[0] as string);
  for (const item of items) if (item.length < 4 || !ROW_ITEM.test(item) || itemShape(item) !== shape) return null;
  return items;
}

/** Lines of a body, with a code set out one character per table cell (one per line here) joined up.
 * Hyphens (Unicode's, the non-breaking one, the full-width one) are read as the ASCII dash; full-width
 * digits and capitals, and the digits of other scripts (Arabic, Devanagari, Thai …), are read
 * as the ASCII a person types ("４８２９１３", "٤٨٢٩١٣", "๔๘๒๙๑๓" → 482913; a form takes them so), the
 * invisible characters some senders put inside a code to stop phones linking it, and the direction marks
 * of Hebrew and Arabic mail around it, are dropped, and any space (thin, no-break, ideographic) is one
 * space, a run of them or a tab two: the gap between the columns of a list of codes ("1234 5678  9012
 * 3456"), which a code's own groups never span. The items of a list are read as a list: a number set in a
 * cell of its own before each item ("1" / "7hq2-9xk4" / "2" / "m3pz-t81w") leads its item's line ("1.
 * 7hq2-9xk4"), and the codes of a row ("73kd9q2m · p0x8w1ra") stand on lines of their own, one under the
 * other. */
export function linesOf(body: string, marked = false): BodyLine[] {
  return listed(spelledOut(body, marked));
}

/** The lines, single characters joined; with `marked`, the body may hold code-layout.ts's marks of styled
 * and emphasised elements, read and dropped here. */
function spelledOut(body: string, marked: boolean): BodyLine[] {
  const lines: string[] = [];
  const marks: MarkedLine[] = [];
  // (A body with no mark in it is read as unmarked.)
  const withMarks = marked && MARKS.test(body);
  for (const l of body.split(/\r?\n/)) {
    let text = l
      .replace(/[\uff0d\uff10-\uff19\uff21-\uff3a]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      .replace(/[\u2010\u2011]/g, '-')
      .replace(OTHER_DIGITS, asciiDigit)
      .replace(/[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g, '')
      .replace(SPACE_RUN, '  ')
      .replace(OTHER_SPACE, ' ')
      .trim();
    let read: MarkedLine | null = null;
    if (withMarks) {
      read = readMarks(text);
      text = read.text;
    }
    if (text.length === 0) continue;
    lines.push(text);
    marks.push(read ?? { text, styled: false, emphasised: false, spelled: false, runs: NO_RUNS });
  }
  const joined: BodyLine[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && /^[0-9A-Za-z]$/.test(lines[j] as string)) j += 1;
    // (Lower-case letters join only with a digit among them: "k" / "8" / "w" / "2" / "p" / "5", not the
    // letters of a list's items.)
    const run = lines.slice(i, j);
    if (j - i >= 4 && j - i <= 10 && (run.every((c) => !/[a-z]/.test(c)) || run.some((c) => /\d/.test(c)))) {
      joined.push({ ...PLAIN, text: run.join(''), spelled: true });
      i = j;
    } else if (j - i > 10) {
      // A longer run is no code; its lines are kept as they are and not read again (which, line by line,
      // would make a body of single characters cost the square of its length).
      for (; i < j; i += 1) joined.push(bodyLine(marks[i] as MarkedLine));
    } else {
      joined.push(bodyLine(marks[i] as MarkedLine));
      i += 1;
    }
  }
  return joined;
}

/** Whether the line at i is the number of an item of a numbered list set out on lines of its own: the next
 * number two lines under it, or the one before it two lines above. */
function itemNumber(lines: BodyLine[], i: number): boolean {
  const text = (lines[i] as BodyLine).text;
  if (text.length > 3) return false;
  const number = ITEM_NUMBER.exec(text);
  if (number === null || i + 1 >= lines.length || ITEM_NUMBER.test((lines[i + 1] as BodyLine).text)) return false;
  const n = Number(number[1]);
  return (
    ITEM_NUMBER.exec(lines[i + 2]?.text ?? '')?.[1] === String(n + 1) ||
    ITEM_NUMBER.exec(lines[i - 2]?.text ?? '')?.[1] === String(n - 1)
  );
}

function listed(lines: BodyLine[]): BodyLine[] {
  const out: BodyLine[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as BodyLine;
    if (itemNumber(lines, i)) {
      const item = lines[i + 1] as BodyLine;
      const lead = `${line.text.replace(/[.)]$/, '')}. `;
      const runs = item.runs.map(([s, e]): [number, number] => [s + lead.length, e + lead.length]);
      out.push({ ...item, text: `${lead}${item.text}`, runs });
      i += 1;
      continue;
    }
    const items = line.spelled ? null : rowItems(line.text);
    if (items === null) out.push(line);
    else for (const text of items) out.push({ ...PLAIN, text });
  }
  return out;
}
