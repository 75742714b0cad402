// Scores the extraction the agent tools use (src/mail/extract-codes.ts, extract-links.ts) on the labelled
// corpus of test/fixtures/codes-corpus (issue 17). Code precision: of the messages where a first code is
// offered, the share where it is the labelled one. Code recall: of the messages labelled with a code, the
// share whose first code is that code. Link first: of the messages labelled with a primary link, the share
// whose first link is it. False codes: messages labelled with no code that yielded any code.
import { extractCodes } from '../src/mail/extract-codes.js';
import { extractLinks } from '../src/mail/extract-links.js';
import type { CorpusMessage } from '../test/fixtures/codes-corpus/types.js';

export const BARS = { precision: 0.99, recall: 0.97, linkFirst: 0.95, falseCodes: 0 };

export interface Tally {
  messages: number;
  offered: number;
  offeredRight: number;
  withCode: number;
  found: number;
  withLink: number;
  linkFirst: number;
  falseCodes: number;
}

export interface Outcome {
  message: CorpusMessage;
  codes: string[];
  links: string[];
}

export interface Figures {
  precision: number;
  recall: number;
  linkFirst: number;
  falseCodes: number;
  tally: Tally;
}

const emptyTally = (): Tally => ({
  messages: 0,
  offered: 0,
  offeredRight: 0,
  withCode: 0,
  found: 0,
  withLink: 0,
  linkFirst: 0,
  falseCodes: 0,
});

export function runExtraction(message: CorpusMessage): Outcome {
  return {
    message,
    codes: extractCodes({ subject: message.subject, text: message.text, html: message.html }),
    links: extractLinks({ text: message.text, html: message.html }),
  };
}

/** Whether a first code is the labelled one: the label, or one of the other forms it accepts. */
export function codeRight(message: CorpusMessage, first: string | undefined): boolean {
  return (
    first !== undefined &&
    message.code !== null &&
    (first === message.code || (message.acceptCodes ?? []).includes(first))
  );
}

function count(tally: Tally, { message, codes, links }: Outcome): void {
  tally.messages += 1;
  const first = codes[0];
  const right = codeRight(message, first);
  if (first !== undefined) {
    tally.offered += 1;
    if (right) tally.offeredRight += 1;
  }
  if (message.code !== null) {
    tally.withCode += 1;
    if (right) tally.found += 1;
  } else if (codes.length > 0) tally.falseCodes += 1;
  if (message.primaryLink !== null) {
    tally.withLink += 1;
    if (links[0] === message.primaryLink) tally.linkFirst += 1;
  }
}

const ratio = (n: number, d: number): number => (d === 0 ? 1 : n / d);

export function figuresOf(outcomes: Outcome[]): Figures {
  const tally = emptyTally();
  for (const outcome of outcomes) count(tally, outcome);
  return {
    precision: ratio(tally.offeredRight, tally.offered),
    recall: ratio(tally.found, tally.withCode),
    linkFirst: ratio(tally.linkFirst, tally.withLink),
    falseCodes: tally.falseCodes,
    tally,
  };
}

export function figuresBy(outcomes: Outcome[], key: (m: CorpusMessage) => string): Map<string, Figures> {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const k = key(outcome.message);
    groups.set(k, [...(groups.get(k) ?? []), outcome]);
  }
  return new Map(
    [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, group]) => [k, figuresOf(group)]),
  );
}

/** The bars a part must clear (the unseen and held-out parts in score:codes, every other part in the corpus
 * test); an empty list when a part clears them all. */
export function shortfalls(figures: Figures): string[] {
  const out: string[] = [];
  if (figures.precision < BARS.precision) out.push(`code precision ${pct(figures.precision)} < ${pct(BARS.precision)}`);
  if (figures.recall < BARS.recall) out.push(`code recall ${pct(figures.recall)} < ${pct(BARS.recall)}`);
  if (figures.linkFirst < BARS.linkFirst)
    out.push(`primary link first ${pct(figures.linkFirst)} < ${pct(BARS.linkFirst)}`);
  if (figures.falseCodes > BARS.falseCodes) out.push(`${figures.falseCodes} messages with no code yielded one`);
  return out;
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
