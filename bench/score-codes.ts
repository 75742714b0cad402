// `npm run score:codes [-- --failures]`: precision and recall of codes and the primary-link-first rate
// on the labelled corpora of test/fixtures/codes-corpus, overall, by language and by kind: the shelved part
// (shelved/*.json, written by hand apart from the extractor and never tuned on: the result, reported first
// when it is there), the stowed part (stowed/*.json, written the same way; the result once, tuning data
// since it was scored), the locked, vault, reserved, withheld, untouched, hidden, unseen, sealed, fresh and
// blind parts (likewise), the independent part (tuning data since it was first scored) and the generated
// corpus's held-out and tuning parts (corpus.json). Exits 1 when the shelved part or the held-out part is
// below a bar (bench/code-score.ts). --failures lists the misses of the parts tuned on (the generated
// tuning part, the independent, blind, fresh, sealed, unseen, hidden, untouched, withheld, reserved, vault,
// locked and stowed parts), never those of the shelved or held-out parts, so as not to tune on them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const corpus = [
  ...(JSON.parse(readFileSync(corpusPath, 'utf8')) as CorpusMessage[]),
  ...folder('independent'),
  ...folder('blind'),
  ...folder('fresh'),
  ...folder('sealed'),
  ...folder('unseen'),
  ...folder('hidden'),
  ...folder('untouched'),
  ...folder('withheld'),
  ...folder('reserved'),
  ...folder('vault'),
  ...folder('locked'),
  ...folder('stowed'),
  ...folder('shelved'),
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

const tune = outcomes.filter((o) => o.message.part === 'tune');
const heldOut = outcomes.filter((o) => o.message.part === 'held-out');
const apart = outcomes.filter((o) => o.message.part === 'independent');
const blind = outcomes.filter((o) => o.message.part === 'blind');
const fresh = outcomes.filter((o) => o.message.part === 'fresh');
const sealed = outcomes.filter((o) => o.message.part === 'sealed');
const unseen = outcomes.filter((o) => o.message.part === 'unseen');
const hidden = outcomes.filter((o) => o.message.part === 'hidden');
const untouched = outcomes.filter((o) => o.message.part === 'untouched');
const withheld = outcomes.filter((o) => o.message.part === 'withheld');
const reserved = outcomes.filter((o) => o.message.part === 'reserved');
const vault = outcomes.filter((o) => o.message.part === 'vault');
const locked = outcomes.filter((o) => o.message.part === 'locked');
const stowed = outcomes.filter((o) => o.message.part === 'stowed');
const shelved = outcomes.filter((o) => o.message.part === 'shelved');
const languages = new Set(corpus.map((m) => m.language)).size;
console.log(
  `${corpus.length} messages in ${languages} languages: ${shelved.length} shelved, ${stowed.length} stowed, ${locked.length} locked, ${vault.length} vault, ${reserved.length} reserved, ${withheld.length} withheld, ${untouched.length} untouched, ${hidden.length} hidden, ${unseen.length} unseen, ${sealed.length} sealed, ${fresh.length} fresh, ${blind.length} blind, ${apart.length} written apart, ${heldOut.length} generated and held out, ${tune.length} to tune on.`,
);
if (shelved.length > 0) table('Shelved part (the result: written apart from the extractor, never tuned on)', shelved);
if (stowed.length > 0) table('Stowed part (tuning data since it was scored)', stowed);
if (locked.length > 0) table('Locked part (tuning data since it was scored)', locked);
if (vault.length > 0) table('Vault part (tuning data since it was scored)', vault);
if (reserved.length > 0) table('Reserved part (tuning data since it was scored)', reserved);
if (withheld.length > 0) table('Withheld part (tuning data since it was scored)', withheld);
if (untouched.length > 0) table('Untouched part (tuning data since it was scored)', untouched);
if (hidden.length > 0) table('Hidden part (tuning data since it was scored)', hidden);
if (unseen.length > 0) table('Unseen part (tuning data since it was scored)', unseen);
if (sealed.length > 0) table('Sealed part (tuning data since it was scored)', sealed);
if (fresh.length > 0) table('Fresh part (tuning data since it was scored)', fresh);
if (blind.length > 0) table('Blind part (tuning data since it was scored)', blind);
if (apart.length > 0) table('Independent part (tuning data since it was first scored)', apart);
table('Generated, held-out part', heldOut);
table('Tuning part', tune);

if (process.argv.includes('--failures')) {
  for (const [name, part] of [
    ['tuning', tune],
    ['independent', apart],
    ['blind', blind],
    ['fresh', fresh],
    ['sealed', sealed],
    ['unseen', unseen],
    ['hidden', hidden],
    ['untouched', untouched],
    ['withheld', withheld],
    ['reserved', reserved],
    ['vault', vault],
    ['locked', locked],
    ['stowed', stowed],
  ] as const) {
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
  ['shelved', shelved],
  ['held-out', heldOut],
] as const) {
  const missing = part.length === 0 ? [] : shortfalls(figuresOf(part));
  if (missing.length > 0) {
    console.error(`\nThe ${name} part is below the bar: ${missing.join('; ')}.`);
    process.exitCode = 1;
  }
}
