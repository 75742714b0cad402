// The tokens of a message that may be a one-time code (issue 17), for extract-codes.ts: their shapes, the
// ones never a code whatever the words around them say (amounts, units, dates, parts of longer numbers,
// discount-code shapes), and how a person types them. The words around a token are weighed in
// extract-codes.ts, with the word lists of code-words.ts.

/** Candidate tokens: digits set out one by one (7 3 9 2 1 4), digits in groups of 2 to 4 (482 913, 52 91 07,
 * 7194-0263), 4 to 8 digits, groups of three or four capitals and digits set out with spaces (K2M 7QP),
 * upper-case letters and digits with at least one of each, in up to six dash groups (K7P2QX, K7Q-4ZP,
 * ABCD-EF2H-JK3M-NP4R), the first of them as short as one character when others follow (G-740392,
 * HB-4K9Q), and capitals alone in dash groups (KPLM-QTWX). Not inside a word, a number, a time, a path or
 * an address; a colon just before is a label's ("code:482913"). Every quantifier is bounded, and a token
 * can only start where a word does, so a scan is linear. */
export const CANDIDATE =
  /(?<![\w.,/@#+-]|\d:)(\d(?: \d){3,8}|\d{2,4}(?:[- ]\d{2,4}){1,3}|\d{4,8}|(?=[A-Z]{0,3}\d)(?=\d{0,3}[A-Z])[A-Z\d]{3,4}(?: (?=[A-Z]{0,3}\d)(?=\d{0,3}[A-Z])[A-Z\d]{3,4}){1,2}(?![\w-])|(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])(?:[A-Z0-9]{3,10}(?:-[A-Z0-9]{3,8}){0,5}|[A-Z0-9]{1,2}-[A-Z0-9]{3,8})|[A-Z]{3,8}(?:-[A-Z]{3,8}){1,4})(?![\w@/-]|[.,:]\d)/g;

/** Currency signs and codes (ISO and as written) before or after an amount, in the languages read. */
const CURRENCIES =
  'usd|eur|gbp|chf|pln|brl|rub|mxn|cad|aud|jpy|cny|rmb|krw|inr|tl|sek|nok|dkk|czk|kč|huf|uah|грн|sar|aed|egp|vnd|ron|lei|ars|clp|cop|rs\\.?|zł|kr|руб\\.?|р\\.|ر\\.س|ريال|درهم|جنيه|dollars?|euros?|reais|pesos?|lira|yuan|yen|won|rupees?';
export const CURRENCY_BEFORE = new RegExp(`(?:[$€£¥₹₩₽￥₺₴₫]|r\\$|s/)\\s?$|(?<![\\p{L}])(?:${CURRENCIES})\\s?$`, 'iu');
export const CURRENCY_AFTER = new RegExp(`^\\s?(?:[$€£¥₹₩₽￥₺₴₫%円元원]|(?:${CURRENCIES})(?![\\p{L}]))`, 'iu');
export const UNIT_AFTER =
  /^\s?(h|uhr|min|mins|minutes?|sec|seconds?|hours?|days?|kb|mb|gb|px|kg|g|km|m)\b|^\s?(分|時|時間|日|月|年|秒|일|월|년|시|분)/i;
/** "1030 am" is a time; "7391 am Automaten" is not (German "am", at the). */
const AM_PM_AFTER = /^\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])/iu;
export const isTime = (token: string, after: string): boolean =>
  /^(?:0?\d|1[0-2])[0-5]\d$/.test(token) && AM_PM_AFTER.test(after);
/** A date written with dashes or spaces (2026-11-21, 21-11-2026): never a code. */
const DATE = /^(?:(?:19|20)\d\d[- ]\d{1,2}[- ]\d{1,2}|\d{1,2}[- ]\d{1,2}[- ](?:19|20)\d\d)$/;
export const isYear = (token: string): boolean => /^(19|20)\d\d$/.test(token);
export const isDigits = (token: string): boolean => /^[\d -]+$/.test(token);
/** Shapes that only a label right before them or the line above them makes a code: groups of letters and
 * digits set out with spaces (a postcode's shape too), capitals alone, and numbers of more than eight digits. */
export const needsLabel = (token: string): boolean =>
  isDigits(token) ? token.replace(/[ -]/g, '').length > 8 : token.includes(' ') || !/\d/.test(token);

/** The code a person types: digits or letters shown in groups or one by one are typed without the spaces
 * (482 913 → 482913, K2M 7QP → K2M7QP); a dash is kept as shown (123-456, ABCD-EFGH), as forms that split
 * a code take it either way. */
export function typed(token: string): string {
  return token.replace(/ /g, '');
}

/** Shapes that are never a one-time code: too few or too many digits once grouped, dates, fewer than four
 * letters and digits, and a word followed by a two-digit number (WINTER15, HIVER20), the shape of a
 * discount code. */
export function plausible(token: string): boolean {
  if (isDigits(token)) {
    // A recovery code may run to twelve digits in three dash groups of four (4819-2753-0066); a phone
    // number's groups are of unequal lengths or set apart with spaces.
    const digits = token.replace(/[ -]/g, '').length;
    // One digit repeated (0000, 111111) is a default or a placeholder, never a one-time code.
    return (
      ((digits >= 4 && digits <= 8) || /^\d{4}-\d{4}-\d{4}$/.test(token)) &&
      !DATE.test(token) &&
      !/^(\d)(?:[ -]?\1)+$/.test(token)
    );
  }
  // Three letters and digits are a name ("2FA code", "MP3"), not a code: codes have four characters or more.
  if (token.replace(/-/g, '').length < 4) return false;
  const promo = /^([A-Z]{4,})\d{2}$/.exec(token);
  return promo === null || ((promo[1] as string).match(/[AEIOUY]/g) ?? []).length * 3 < (promo[1] as string).length;
}

/** The first code point of each run of ten digits in the other scripts read: Arabic-Indic, Eastern
 * Arabic-Indic (Persian, Urdu), Devanagari. */
const ZEROS = [0x660, 0x6f0, 0x966];
function asciiDigit(d: string): string {
  const code = d.charCodeAt(0);
  return String(code - (ZEROS.find((zero) => code >= zero && code <= zero + 9) as number));
}

/** Lines of a body, with a code set out one character per table cell (one per line here) joined up.
 * Full-width digits and capitals, and Arabic and Devanagari digits, are read as the ASCII a person types
 * ("４８２９１３", "٤٨٢٩١٣" → 482913; a form takes them so), the
 * invisible characters some senders put inside a code to stop phones linking it are dropped, and any
 * run of spaces (thin, no-break, ideographic) is one space. */
export function linesOf(body: string): string[] {
  const lines = body
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/[\uff10-\uff19\uff21-\uff3a]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
        .replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, asciiDigit)
        .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
        .replace(/[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
        .trim(),
    )
    .filter((l) => l.length > 0);
  const joined: string[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && /^[0-9A-Z]$/.test(lines[j] as string)) j += 1;
    if (j - i >= 4 && j - i <= 10) {
      joined.push(lines.slice(i, j).join(''));
      i = j;
    } else if (j - i > 10) {
      // A longer run is no code; its lines are kept as they are and not read again (which, line by line,
      // would make a body of single characters cost the square of its length).
      for (; i < j; i += 1) joined.push(lines[i] as string);
    } else {
      joined.push(lines[i] as string);
      i += 1;
    }
  }
  return joined;
}
