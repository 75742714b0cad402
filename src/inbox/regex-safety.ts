// The regular expressions a caller may give the HTTP wait (issue 19): JavaScript sources, matched
// case-insensitively, refused at the edge (400 invalid_parameter, through the input field in fields.ts)
// when they do not compile, are longer than MAX_PATTERN_LENGTH, use a backreference or a lookaround, or
// could backtrack without limit (nested quantifiers, as safe-regex2 judges them). That check cannot
// catch every slow pattern: `(a|a)*b` passes it and is exponential, and `a*b` takes time in proportion to
// the square of the text (six minutes over 256 KiB of `a`s). So what a pattern runs over is bounded
// (MAX_MATCHED_CHARS), and each run is stopped after PATTERN_BUDGET_MS (a vm script's timeout, which
// interrupts the regex engine): the wait then ends with 400, so one request costs the event loop at most
// that once.
import { createContext, Script } from 'node:vm';
import safeRegex from 'safe-regex2';
import { AppError } from '../errors.js';

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

/** Longest one test of a pattern against one text may run (a linear pattern over 256 KiB takes a few ms). */
export const PATTERN_BUDGET_MS = 50;

// One context for every run: a script's timeout needs one, and making one costs a millisecond. A run
// costs about half a millisecond more than the bare test (its timeout's watchdog).
const sandbox = createContext({ pattern: null, text: '' }) as { pattern: RegExp | null; text: string };
const testInSandbox = new Script('pattern.test(text)');

/** A pattern already checked by regexProblem, ready to test texts: case-insensitive, over the first
 * MAX_MATCHED_CHARS characters of each; a test that runs longer than the budget throws 400. */
export function compilePattern(source: string, budgetMs = PATTERN_BUDGET_MS): (text: string) => boolean {
  const pattern = new RegExp(source, 'i');
  return (text) => {
    sandbox.pattern = pattern;
    sandbox.text = text.length > MAX_MATCHED_CHARS ? text.slice(0, MAX_MATCHED_CHARS) : text;
    try {
      return testInSandbox.runInContext(sandbox, { timeout: budgetMs }) === true;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      throw new AppError('invalid_parameter', `The regular expression /${source}/ took longer than ${budgetMs} ms on a message; use a simpler one.`);
    } finally {
      sandbox.pattern = null;
      sandbox.text = '';
    }
  };
}
