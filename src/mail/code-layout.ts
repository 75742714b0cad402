// How a token is set out in its mail, as a person sees it (issue 17), for extract-codes.ts: whether it is
// shown apart (the whole text of an element styled as a code is shown, or emphasised: bold, a heading, a
// larger font, a box with a border or a background, centred), and whether it is the value of a row in a
// table of details ("Label: value" rows, or a label cell over a value cell, with a row of the same kind
// beside it), where the label decides what the value is. The evidence of the HTML is kept through
// html-text.ts as marks around the text of short elements (private-use characters, which no mail's text
// carries), read and dropped here line by line.

/** Marks around the text of an element styled as a code is shown: spaced-out letters, a monospaced font, a
 * large one (20 px or more). */
export const STYLED_OPEN = '\ue000';
export const STYLED_CLOSE = '\ue001';
/** Marks around the text of an element emphasised otherwise: bold, a heading, a font of 18 px or more, a
 * border, a background, centred. */
export const EMPHASIS_OPEN = '\ue003';
export const EMPHASIS_CLOSE = '\ue004';

/** An opening tag: its name, and the rest (its attributes). */
const OPENING_TAG = /^<([a-z][a-z\d]*)\b/i;
/** How many opening tags right before a text are read for its style ("<td style=…><span><b>"), how long
 * each may be, and how long the text. */
const MAX_TAGS = 3;
const MAX_TAG = 1024;
const MAX_TEXT = 64;
/** A style that shows a code: spaced-out letters, a monospaced font, or a large one (20 px or more). (The
 * size is looked for within 40 characters of "font:", so that a long run of "font:" costs a linear scan.) */
const CODE_STYLE =
  /letter-spacing\s*:\s*(?!0(?:px|em)?\s*[;"'])|monospace|courier|consolas|menlo|font(?:-size)?\s*:[^;"'<>]{0,40}?(?<![\d.])(?:[2-9]\d|\d{3})px/i;
/** A style or a tag that sets a text apart from the sentences around it. */
const EMPHASIS_STYLE =
  /font-weight\s*:\s*(?:bold|bolder|[6-9]00)|font(?:-size)?\s*:[^;"'<>]{0,40}?(?<![\d.])(?:1[89]|[2-9]\d|\d{3})px|border(?:-\w+)?\s*:\s*(?!none|0)|background(?:-color)?\s*:\s*(?!none|transparent|#fff(?:fff)?\b|white)|text-align\s*:\s*center/i;
const EMPHASIS_TAG = /^(?:strong|b|code|pre|kbd|tt|big|center|h[1-6])$/i;
/** Tags whose text is no text of the mail's body, or that part a text from the one before it. */
const NOT_TEXT_TAG = /^(?:a|br|img|hr|script|style|head|title)$/i;

/** Whether the HTML may hold anything this file marks (read once, so that plain markup costs one scan). */
const ANY_MARK =
  /letter-spacing|monospace|courier|consolas|menlo|font|border|background|text-align|<(?:b|strong|code|pre|kbd|tt|big|center|h[1-6])\b/i;

/** The opening tags right before a point of the HTML (up to MAX_TAGS, none of them a link or a line break),
 * run together; empty when a text or a closing tag stands there. */
function openingTags(html: string, end: number): string {
  let tags = '';
  let at = end;
  for (let k = 0; k < MAX_TAGS && html[at] === '>'; k += 1) {
    const lt = html.lastIndexOf('<', at);
    if (lt < 0 || at - lt > MAX_TAG) break;
    const tag = html.slice(lt, at + 1);
    const name = OPENING_TAG.exec(tag);
    if (name === null || NOT_TEXT_TAG.test(name[1] as string)) break;
    tags += `${tag} `;
    at = lt - 1;
  }
  return tags;
}

/** The HTML with the text of each short element styled as a code between STYLED_OPEN and STYLED_CLOSE, and
 * of each short element with a digit emphasised otherwise between EMPHASIS_OPEN and EMPHASIS_CLOSE: a short
 * text that ends its element, read by the opening tags right before it (its own and up to two around it).
 * A scan of the texts, each read once. */
export function markLayout(html: string): string {
  if (!ANY_MARK.test(html)) return html;
  // A text with no digit is marked only as styled as a code (a code of capitals alone, KPRTXW), and only
  // where such a style is somewhere; one character alone is read too (a code set out one per box).
  const codeStyled = CODE_STYLE.test(html);
  let out = '';
  let at = 0;
  for (let lt = html.indexOf('</'); lt >= 0; lt = html.indexOf('</', lt + 2)) {
    // The text before the closing tag, back to the '>' that opens it: at most MAX_TEXT characters are read
    // (a scan back to any '>' would read a long run of closing tags again for each).
    let gt = lt - 1;
    const from = Math.max(at - 1, lt - MAX_TEXT - 1);
    while (gt >= from && html[gt] !== '>' && html[gt] !== '<') gt -= 1;
    if (gt < from || html[gt] !== '>' || lt - gt < 2) continue;
    const text = html.slice(gt + 1, lt);
    const digit = /\d/.test(text) || text.trim().length === 1;
    if ((!digit && !codeStyled) || text.trim() === '') continue;
    const tags = openingTags(html, gt);
    if (tags === '') continue;
    const styled = codeStyled && CODE_STYLE.test(tags);
    if (!styled && (!digit || (!EMPHASIS_STYLE.test(tags) && !tagsEmphasise(tags)))) continue;
    out +=
      html.slice(at, gt + 1) + (styled ? STYLED_OPEN : EMPHASIS_OPEN) + text + (styled ? STYLED_CLOSE : EMPHASIS_CLOSE);
    at = lt;
  }
  return at === 0 ? html : out + html.slice(at);
}

/** Whether one of the opening tags is itself an emphasis (bold, a heading, code). */
function tagsEmphasise(tags: string): boolean {
  for (const m of tags.matchAll(/<([a-z][a-z\d]*)/gi)) if (EMPHASIS_TAG.test(m[1] as string)) return true;
  return false;
}

/** A line of text as read, without the marks, and what they said of it. */
export interface MarkedLine {
  text: string;
  /** Whether the whole line is the text of an element styled as a code is shown. */
  styled: boolean;
  /** Whether the whole line is the text of an emphasised element (styled as a code included). */
  emphasised: boolean;
  /** Whether the line is four to ten characters each in a box of its own, side by side (inline elements
   * with a border or a background, one character each): a code set out one character per cell. */
  spelled: boolean;
  /** Where in the text the emphasised runs of the line are: start and end of each. */
  runs: [number, number][];
}

const ANY = /[\ue000\ue001\ue003\ue004]/;
const NO_RUNS: [number, number][] = [];
const MARK = /([\ue000\ue001\ue003\ue004])/;

/** A line, trimmed, without its marks: whether the whole of it was marked, and where the marked runs are. */
export function readMarks(raw: string): MarkedLine {
  if (!ANY.test(raw)) return { text: raw.trim(), styled: false, emphasised: false, spelled: false, runs: NO_RUNS };
  let text = '';
  let styledOpen = 0;
  let depth = 0;
  let start = 0;
  const runs: [number, number][] = [];
  for (const piece of raw.split(MARK)) {
    if (piece === STYLED_OPEN || piece === EMPHASIS_OPEN) {
      if (depth === 0) start = text.length;
      depth += 1;
      if (piece === STYLED_OPEN) styledOpen += 1;
    } else if (piece === STYLED_CLOSE || piece === EMPHASIS_CLOSE) {
      if (depth > 0 && (depth -= 1) === 0) runs.push([start, text.length]);
    } else text += piece;
  }
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const shifted = runs
    .map(([s, e]): [number, number] => [Math.max(0, s - lead), Math.min(trimmed.length, e - lead)])
    .filter(([s, e]) => trimmed.slice(s, e).trim() !== '');
  const whole = shifted.some(([s, e]) => trimmed.slice(0, s).trim() === '' && trimmed.slice(e).trim() === '');
  const spelled =
    shifted.length >= 4 &&
    shifted.length <= 10 &&
    shifted.every(([s, e]) => e - s === 1) &&
    /^[A-Za-z\d](?: ?[A-Za-z\d]){3,9}$/.test(trimmed) &&
    /\d/.test(trimmed);
  return spelled
    ? { text: trimmed.replace(/ /g, ''), styled: false, emphasised: true, spelled, runs: [] }
    : { text: trimmed, styled: whole && styledOpen > 0, emphasised: whole, spelled, runs: shifted };
}

/** Whether the text from start to end is the whole of an emphasised run (up to marks around it). */
export function emphasisedAt(runs: readonly [number, number][], text: string, start: number, end: number): boolean {
  return runs.some(
    ([s, e]) =>
      s <= start &&
      e >= end &&
      /^[\s"'«“„([【「*]*$/u.test(text.slice(s, start)) &&
      /^[\s"'»”)\]】」*.:]*$/u.test(text.slice(end, e)),
  );
}

/** The label of a field: short words and a colon, with no number and no end of sentence in them ("Serial
 * number:", "Codice alunno:", "รหัสสาขา:"). */
const FIELD_LABEL = /^[^\d.!?。！？:：]{1,32}[:：]\s*$/u;
/** A row of a table of details: a field's label and a value after it on the same line ("Kundennummer:
 * 4471", "Plan: Pro, yearly"). */
const FIELD_ROW = /^[^\d.!?。！？:：]{1,32}[:：]\s*\S/u;
/** A label cell: a few words with no number, no colon in them and no end of a sentence ("Order number",
 * "Número de série"). */
const LABEL_CELL = /^[^\d.!?。！？:：,，]{1,32}[:：]?$/u;

/** A value cell: a short text with no end of a sentence in it ("Lyon", "2 adults", "Gold", a route). */
const VALUE_CELL = /^(?![^\n]*[.!?。！？](?:\s|$))[^\n]{1,80}$/u;

/** The text around a token on its line and the lines about it, as extract-codes.ts reads them. */
export interface TokenPlace {
  before: string;
  after: string;
  /** The lines above the token's (the nearest first) and under it. */
  previous: string;
  above: string;
  next: string;
  /** The line under the next, and the line over the one above. */
  further: string;
  top: string;
}

/** The label of the row of a table of details a token is the value of, or null when its place is not one:
 * the words before it on its line ending in a colon, or the label cell on the line above it when it stands
 * alone; and a row of the same kind beside it (above the label, or under the token: a "Label: value" line,
 * or a label cell and its value). A single "Label: value" line, or a label over a token with sentences
 * round them, is not a table: the words decide there. */
export function fieldLabel(place: TokenPlace): string | null {
  const alone = place.before.trim() === '' && place.after.replace(/^[\s.。]+/, '') === '';
  const onLine = place.after.trim() === '' && FIELD_LABEL.test(place.before.trimStart());
  const label = onLine
    ? place.before.trim()
    : alone && LABEL_CELL.test(place.previous.trim())
      ? place.previous.trim()
      : null;
  if (label === null) return null;
  const neighbour = onLine
    ? FIELD_ROW.test(place.previous) || FIELD_ROW.test(place.next)
    : FIELD_ROW.test(place.above) ||
      FIELD_ROW.test(place.next) ||
      (VALUE_CELL.test(place.above.trim()) && LABEL_CELL.test(place.top.trim())) ||
      (LABEL_CELL.test(place.next.trim()) && VALUE_CELL.test(place.further.trim()));
  return neighbour ? label.replace(/[:：]\s*$/u, '').trim() : null;
}

/** How long a line may be to be read as one token set out alone. */
const WHOLE_LINE = 40;

/** The places of a line where a code may be set out as a whole, whatever its shape: the whole line, when it
 * is short, and without the lead of a list's item (its length given: "1. "); the text of each emphasised run; and the value after a field's label and its colon ("RIO : 02 P
 * 7K4M2X 9Q3"). Start and end of each, the text trimmed. */
export function setApartSpans(text: string, runs: readonly [number, number][], lead = 0): [number, number][] {
  const spans: [number, number][] = [];
  if (text.length <= WHOLE_LINE) spans.push([0, text.length]);
  if (lead > 0 && text.length - lead <= WHOLE_LINE) spans.push([lead, text.length]);
  for (const run of runs) spans.push(run);
  const colon = Math.max(text.lastIndexOf(':'), text.lastIndexOf('：'));
  if (colon > 0 && FIELD_LABEL.test(text.slice(0, colon + 1)) && text.length - colon <= WHOLE_LINE)
    spans.push([colon + 1, text.length]);
  return spans.map(([s, e]): [number, number] => {
    const piece = text.slice(s, e);
    const lead = piece.length - piece.trimStart().length;
    return [s + lead, s + lead + piece.trim().length];
  });
}
