// The matches of a global pattern in a text, found by the pattern's own `exec`, for the extraction of codes
// (extract-codes.ts). Not `String.prototype.matchAll`, which runs a fresh copy of the pattern on every
// call: V8 finds a copy's compiled code in its regexp compilation cache, and that cache lets go after a few
// major collections, so on a busy node a code extraction compiled the word lists of code-words.ts again
// every so often: a third of a second of the event loop each time, behind which the next few waits woken
// waited (wait_for_message's 0.5–0.9 s tail, docs/performance.md). The pattern object keeps its compiled
// code for good. Its `lastIndex` is used and left at 0; the matches are collected before they are handed
// back, so a caller may use the same pattern again while it reads them.

export interface PatternMatch {
  index: number;
  /** The matched text. */
  text: string;
  /** The captured groups, `undefined` where one took no part. */
  captures: (string | undefined)[];
}

/** The next place to look after an empty match: past one code point in a Unicode pattern, as matchAll does. */
function after(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const unit = text.charCodeAt(index);
  const next = text.charCodeAt(index + 1);
  return unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? index + 2 : index + 1;
}

/** The first `limit` matches of `pattern` (which must be global, like matchAll's) in `text`, in order. */
export function matchesOf(pattern: RegExp, text: string, limit = Infinity): PatternMatch[] {
  if (!pattern.global) throw new TypeError(`matchesOf needs a global pattern: ${pattern}`);
  const found: PatternMatch[] = [];
  pattern.lastIndex = 0;
  try {
    while (found.length < limit) {
      const m = pattern.exec(text);
      if (m === null) break;
      found.push({ index: m.index, text: m[0], captures: m.slice(1) });
      if (m[0] === '')
        pattern.lastIndex = after(text, pattern.lastIndex, pattern.unicode || pattern.flags.includes('v'));
    }
  } finally {
    pattern.lastIndex = 0;
  }
  return found;
}

/** The first match of `pattern` (global) in `text`, or null. */
export function firstMatchOf(pattern: RegExp, text: string): PatternMatch | null {
  return matchesOf(pattern, text, 1)[0] ?? null;
}
