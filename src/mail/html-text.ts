// A plain-text reading of an HTML body, for extracting codes and links (never for display): scripts,
// styles and comments dropped, block elements and table cells on lines of their own, entities decoded.
import { markLayout } from './code-layout.js';

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '-',
  mdash: '-',
  hyphen: '-',
  thinsp: ' ',
  ensp: ' ',
  emsp: ' ',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
  lrm: '\u200e',
  rlm: '\u200f',
  // Separators, quotes and signs of mail templates: a currency sign before an amount is read as one
  middot: '·',
  bull: '•',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  bdquo: '„',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  ordm: 'º',
  times: '×',
  rarr: '→',
  larr: '←',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

const BLOCK =
  /<\/?(p|div|br|tr|td|th|li|ul|ol|h[1-6]|table|tbody|thead|section|article|header|footer|center|blockquote|pre|hr)\b[^<>]*>/gi;
/** Elements whose content is never text: from the opening tag to its closing tag, or to the end. */
const HIDDEN = /<!--|<(script|style|head|title)\b/gi;

/** The HTML without comments, scripts, styles and the head. A scan with indexOf, not a lazy regex, which
 * would read to the end of the input again for every unclosed "<!--" or "<script". */
function withoutHidden(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(html); m !== null; m = HIDDEN.exec(html)) {
    const close = m[0] === '<!--' ? '-->' : `</${(m[1] as string).toLowerCase()}`;
    const end = lower.indexOf(close, m.index + m[0].length);
    out += `${html.slice(at, m.index)} `;
    if (end < 0) return out;
    const gt = close === '-->' ? end + 3 : lower.indexOf('>', end);
    at = gt < 0 ? html.length : close === '-->' ? gt : gt + 1;
    HIDDEN.lastIndex = at;
  }
  return out + html.slice(at);
}

/** A gap of two spaces or more, or a tab, inside a preformatted element: a gap between columns (a list of
 * recovery codes set out in two columns, "4091 2278    7732 0165"), which a browser shows as it is. */
const GAP = '\ue002';
const PRE_TAG = /<(\/?)pre\b[^<>]*>/gi;

/** The HTML with each gap inside a <pre> element as GAP: a scan of the tags, linear however they nest. */
function preGaps(html: string): string {
  if (!/<pre\b/i.test(html)) return html;
  let out = '';
  let at = 0;
  let depth = 0;
  for (const m of html.matchAll(PRE_TAG)) {
    const piece = html.slice(at, m.index);
    out += depth > 0 ? piece.replace(/ {2,}|\t/g, GAP) : piece;
    out += m[0];
    at = m.index + m[0].length;
    depth = m[1] === '/' ? Math.max(0, depth - 1) : depth + 1;
  }
  const rest = html.slice(at);
  return out + (depth > 0 ? rest.replace(/ {2,}|\t/g, GAP) : rest);
}

/** The text of an HTML body; with `marks`, the text of each short element styled as a code is shown or
 * otherwise emphasised stands between the marks of code-layout.ts, for the extraction of codes; with
 * `columns`, a gap between the columns of a preformatted element is kept as two spaces (a run of spaces is
 * one space elsewhere, as a browser shows it). */
export function htmlToText(html: string, marks = false, columns = false): string {
  const visible = columns ? preGaps(withoutHidden(html)) : withoutHidden(html);
  const text = decodeEntities((marks ? markLayout(visible) : visible).replace(BLOCK, '\n').replace(/<[^<>]*>/g, ''))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  return columns && text.includes(GAP) ? text.replace(/ ?\ue002+ ?/g, '  ') : text;
}
