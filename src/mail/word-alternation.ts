// How a list of words (code-words.ts) becomes one pattern that matches as the plain alternation of its
// words would, each word with its own boundaries, in the list's order (code-words.test.ts compares them).

// A word may carry `*` where it may run on into a longer word: `*code` matches "Bestätigungscode",
// `bestell*` matches "Bestellnummer". Otherwise a Latin, Greek or Cyrillic word stands on its own; words
// in other scripts (Japanese, Chinese, Korean and Thai, written without spaces; Hebrew and Arabic, whose
// prefixes join the word) match anywhere.
export interface WordPattern {
  source: string;
  /** Only where no letter or digit comes just before. */
  lead: boolean;
  /** Only where no letter or digit comes just after. */
  trail: boolean;
}

export function wordPattern(word: string): WordPattern {
  const body = word.replace(/^\*|\*$/g, '');
  const source = /[()|?[\]]/.test(body) ? body : body.replace(/[.*+^${}\\]/g, '\\$&').replace(/ /g, '\\s+');
  if (!/^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\s()|?[\]-]/u.test(body))
    return { source, lead: false, trail: false };
  return { source, lead: !word.startsWith('*'), trail: !word.endsWith('*') };
}

// A letter or a digit, for the boundaries. V8 builds each one written in a pattern anew, with its
// case-insensitive closure, when it compiles the pattern (once for one-byte text, once for two-byte text):
// written once per word, as it was, the lists cost a third of a second to compile. So a list is written
// with it only a few times, in a form that matches exactly as the plain alternation of its words would
// (each word with its own boundaries, in the list's order; code-words.test.ts compares the two).
export const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';

/** The words in order; a run of them with the same trail shares one lookahead. */
function inOrder(patterns: WordPattern[]): string {
  const runs: WordPattern[][] = [];
  for (const p of patterns) {
    const run = runs.at(-1);
    if (run !== undefined && run[0]!.trail === p.trail) run.push(p);
    else runs.push([p]);
  }
  const trail = (run: WordPattern[]) => (run[0]!.trail ? `(?!${LETTER_OR_DIGIT})` : '');
  return runs.map((run) => `(?:${run.map((p) => `(?:${p.source})`).join('|')})${trail(run)}`).join('|');
}

/** The character a word's pattern starts with, or null when that is not one plain character: syntax (a
 * group, a class), a first character made optional or repeated, or another branch at the top. */
function firstCharacter(source: string): string | null {
  if (source.startsWith('\\')) return /^\\[.*+^${}\\](?![?*+{])/.test(source) ? (source[1] as string) : null;
  const first = String.fromCodePoint(source.codePointAt(0) as number);
  const rest = source.slice(first.length);
  if (/[()[\]|?*+{\\]/.test(first) || /^[?*+{]/.test(rest) || branches(source).length > 1) return null;
  return first;
}

/** The index of the parenthesis that closes the group opening at `open`, or -1: escapes and character
 * classes skipped. */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') {
      for (i += 1; i < source.length && source[i] !== ']'; i += 1) if (source[i] === '\\') i += 1;
    } else if (c === '(') depth += 1;
    else if (c === ')' && (depth -= 1) === 0) return i;
  }
  return -1;
}

/** The branches of an alternation at its top level. */
function branches(source: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '(' || c === '[') {
      const end = c === '(' ? closing(source, i) : source.indexOf(']', i + 1);
      if (end < 0) return [source];
      i = end;
    } else if (c === '|') {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** The characters a word's pattern may start with: its first plain character, or those of each branch of a
 * group it starts with ("(?:events?|eventos?|…)"); null when that is not known (syntax, a first character
 * or a group made optional or repeated). */
function firstCharacters(source: string): string[] | null {
  const tops = branches(source);
  if (tops.length > 1) {
    const all: string[] = [];
    for (const branch of tops) {
      const firsts = firstCharacters(branch);
      if (firsts === null) return null;
      all.push(...firsts);
    }
    return all;
  }
  if (source.startsWith('(?:')) {
    const end = closing(source, 0);
    if (end < 0 || /^[?*+{]/.test(source.slice(end + 1))) return null;
    return firstCharacters(source.slice(3, end));
  }
  if (source === '') return null;
  const first = firstCharacter(source);
  return first === null ? null : [first];
}

/** A lookahead for the characters the words start with, so that the alternation is tried only where one of
 * them stands (words in scripts without spaces are tried at every place otherwise); none when a word starts
 * with syntax. Case-insensitive like the words, under the same flags. */
function gate(patterns: WordPattern[]): string {
  const firsts = new Set<string>();
  for (const p of patterns) {
    const chars = firstCharacters(p.source);
    if (chars === null) return '';
    for (const first of chars) firsts.add(first.replace(/[\\\][^-]/, '\\$&'));
  }
  return `(?=[${[...firsts].join('')}])`;
}

/** Where no letter or digit comes before, every word may match there, in order; elsewhere only the words
 * that need no boundary before them, in the same order. Either way the first word of the list that matches
 * at a place is the match, as in the plain alternation. Each branch is tried only where one of its words'
 * first characters stands (gate). */
export function wordAlternation(words: string[]): string {
  const patterns = words.map(wordPattern);
  const unbounded = patterns.filter((p) => !p.lead);
  const anywhere = unbounded.length === 0 ? '' : `|${gate(unbounded)}(?:${inOrder(unbounded)})`;
  return `(?<!${LETTER_OR_DIGIT})${gate(patterns)}(?:${inOrder(patterns)})${anywhere}`;
}
