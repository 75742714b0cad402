// The regular expressions a caller may give the HTTP wait (issue 19): JavaScript sources, matched
// case-insensitively, refused at the edge (400 invalid_parameter, through the input field in fields.ts)
// when they do not compile, are longer than MAX_PATTERN_LENGTH, use a backreference or a lookaround, or
// could backtrack without limit (nested quantifiers, as safe-regex2 judges them). What a pattern runs over
// is bounded too (MAX_MATCHED_CHARS), since even a pattern safe-regex2 passes can take time in
// proportion to a power of the text's length (`a*b` over a long run of `a`s).
import safeRegex from 'safe-regex2';

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

/** A pattern already checked by regexProblem, ready to test texts: case-insensitive, over the first
 * MAX_MATCHED_CHARS characters of each. */
export function compilePattern(source: string): (text: string) => boolean {
  const pattern = new RegExp(source, 'i');
  return (text) => pattern.test(text.length > MAX_MATCHED_CHARS ? text.slice(0, MAX_MATCHED_CHARS) : text);
}
