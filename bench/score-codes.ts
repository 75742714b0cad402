// `npm run score:codes [-- --failures]`: precision and recall of codes and the primary-link-first rate
// on the labelled corpora of test/fixtures/codes-corpus, overall, by language and by kind: the newest part
// written by hand apart from the extractor (the last of test/fixtures/codes-corpus/parts.ts, never tuned on: the result, reported
// first), each part written so before it (the result once, tuning data since it was scored), the
// independent part (tuning data since it was first scored) and the generated corpus's held-out and tuning
// parts (corpus.json). Exits 1 when the result or the held-out part is below a bar (bench/code-score.ts).
// --failures lists the misses of the parts tuned on, never those of the result or the held-out part, so as
// not to tune on them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULT_PART, WRITTEN_APART } from '../test/fixtures/codes-corpus/parts.js';
import type { CorpusMessage } from '../test/fixtures/codes-corpus/types.js';
import {
  codeRight,
  figuresBy,
  figuresOf,
  pct,
  runExtraction,
  shortfalls,
  type Figures,
  type Outcome,
} from './code-score.js';

const corpusPath = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'codes-corpus',
  'corpus.json',
);
/** The messages of every .json file in a folder of the corpus, none when the folder is not there. */
function folder(name: string): CorpusMessage[] {
  const dir = join(dirname(corpusPath), name);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusMessage[])
    : [];
}
const RESULT = RESULT_PART;

const corpus = [
  ...(JSON.parse(readFileSync(corpusPath, 'utf8')) as CorpusMessage[]),
  ...folder('independent'),
  ...WRITTEN_APART.flatMap((name) => folder(name)),
];
const outcomes = corpus.map(runExtraction);

function row(name: string, f: Figures): string {
  const t = f.tally;
  return `| ${name} | ${t.messages} | ${pct(f.precision)} (${t.offeredRight}/${t.offered}) | ${pct(f.recall)} (${t.found}/${t.withCode}) | ${pct(f.linkFirst)} (${t.linkFirst}/${t.withLink}) | ${f.falseCodes} |`;
}

function table(title: string, part: Outcome[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| | messages | code precision | code recall | primary link first | no-code messages with a code |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('**all**', figuresOf(part)));
  for (const [language, f] of figuresBy(part, (m) => m.language)) console.log(row(language, f));
  for (const [kind, f] of figuresBy(part, (m) => m.kind)) console.log(row(kind, f));
}

const partOf = (name: CorpusMessage['part']): Outcome[] => outcomes.filter((o) => o.message.part === name);
const tune = partOf('tune');
const heldOut = partOf('held-out');
const apart = partOf('independent');
const newestFirst = [...WRITTEN_APART].reverse().map((name) => [name, partOf(name)] as const);
const languages = new Set(corpus.map((m) => m.language)).size;
console.log(
  `${corpus.length} messages in ${languages} languages: ${newestFirst.map(([name, part]) => `${part.length} ${name}`).join(', ')}, ${apart.length} written apart, ${heldOut.length} generated and held out, ${tune.length} to tune on.`,
);
for (const [name, part] of newestFirst) {
  const what =
    name === RESULT
      ? 'the result: written apart from the extractor, never tuned on'
      : 'tuning data since it was scored';
  if (part.length > 0) table(`${name[0]!.toUpperCase()}${name.slice(1)} part (${what})`, part);
}
if (apart.length > 0) table('Independent part (tuning data since it was first scored)', apart);
table('Generated, held-out part', heldOut);
table('Tuning part', tune);

if (process.argv.includes('--failures')) {
  const tunedOn = newestFirst.filter(([name]) => name !== RESULT).reverse();
  for (const [name, part] of [['tuning', tune] as const, ['independent', apart] as const, ...tunedOn]) {
    console.log(`\n### Misses in the ${name} part\n`);
    for (const { message, codes, links } of part) {
      const codeWrong = message.code === null ? codes.length > 0 : !codeRight(message, codes[0]);
      const linkWrong = message.primaryLink !== null && links[0] !== message.primaryLink;
      if (codeWrong) console.log(`${message.id}: code ${JSON.stringify(message.code)} got ${JSON.stringify(codes)}`);
      if (linkWrong) console.log(`${message.id}: link ${message.primaryLink} got ${links[0] ?? 'none'}`);
    }
  }
}

for (const [name, part] of [
  [RESULT, partOf(RESULT)],
  ['held-out', heldOut],
] as const) {
  const missing = part.length === 0 ? [] : shortfalls(figuresOf(part));
  if (missing.length > 0) {
    console.error(`\nThe ${name} part is below the bar: ${missing.join('; ')}.`);
    process.exitCode = 1;
  }
}
