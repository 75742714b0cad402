// The regular expressions a caller may give the HTTP wait (issue 19): JavaScript sources, matched
// case-insensitively, refused at the edge (400 invalid_parameter, through the input field in fields.ts)
// when they do not compile, are longer than MAX_PATTERN_LENGTH, use a backreference or a lookaround, or
// could backtrack without limit (nested quantifiers, as safe-regex2 judges them). That check cannot
// catch every slow pattern: `(a|a)*b` passes it and is exponential, and `a*b` takes time in proportion to
// the square of the text (six minutes over 256 KiB of `a`s). So what a pattern runs over is bounded
// (MAX_MATCHED_CHARS), and patterns run on a thread of their own (pattern-thread.ts), each test stopped
// after PATTERN_BUDGET_MS: the wait then ends with 400, and the event loop never waits for a pattern.
import safeRegex from 'safe-regex2';
import { AppError } from '../../errors.js';
import { PatternTooSlow, testOnThread } from './pattern-thread.js';

export const MAX_PATTERN_LENGTH = 200;
/** A pattern runs over at most this many characters of the text it is matched against (the first ones). */
export const MAX_MATCHED_CHARS = 256 * 1024;

/** What could make a regex slow that safe-regex2 does not look for: backreferences (`\1`, `\k<name>`)
 * and lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`), outside character classes, where they mean that. */
function backreferenceOrLookaround(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return 'uses a backreference';
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4);
      if (kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!') return 'uses a lookaround';
    }
  }
  return null;
}

/** Why the pattern is refused, or null when it may be used. */
export function regexProblem(source: string): string | null {
  if (source.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(source, 'i');
  } catch {
    return 'is not a valid JavaScript regular expression';
  }
  const slow = backreferenceOrLookaround(source);
  if (slow !== null) return slow;
  if (!safeRegex(source)) return 'could backtrack without limit';
  return null;
}

/** Longest one test of a pattern against one text may run on the regex thread (a linear pattern over
 * 256 KiB takes a few ms; the budget leaves room for a busy machine). */
export const PATTERN_BUDGET_MS = 250;

/** A pattern already checked by regexProblem, ready to test texts: case-insensitive, over the first
 * MAX_MATCHED_CHARS characters of each, on the regex thread; a test that runs longer than the budget
 * rejects with 400. */
export function compilePattern(source: string, budgetMs = PATTERN_BUDGET_MS): (text: string) => Promise<boolean> {
  return async (text) => {
    try {
      return await testOnThread(
        source,
        text.length > MAX_MATCHED_CHARS ? text.slice(0, MAX_MATCHED_CHARS) : text,
        budgetMs,
      );
    } catch (error) {
      if (!(error instanceof PatternTooSlow)) throw error;
      throw new AppError(
        'invalid_parameter',
        `The regular expression /${source}/ took longer than ${budgetMs} ms on a message; use a simpler one.`,
      );
    }
  };
}
