// `npm run score:codes [-- --failures]`: precision and recall of codes and the primary-link-first rate
// on the labelled corpora of test/fixtures/codes-corpus, overall, by language and by kind: the independent
// part (independent/*.json, written by hand apart from the generator and the extractor: the result), and
// the generated corpus's held-out and tuning parts (corpus.json). Exits 1 when the independent or the
// held-out part is below a bar (bench/code-score.ts). --failures lists the tuning part's misses only (the
// others' are not shown, so as not to tune on them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusMessage } from '../test/fixtures/codes-corpus/types.js';
import { figuresBy, figuresOf, pct, runExtraction, shortfalls, type Figures, type Outcome } from './code-score.js';

const corpusPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'codes-corpus', 'corpus.json');
const independentDir = join(dirname(corpusPath), 'independent');
const independent = existsSync(independentDir)
  ? readdirSync(independentDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .flatMap((f) => JSON.parse(readFileSync(join(independentDir, f), 'utf8')) as CorpusMessage[])
  : [];
const corpus = [...(JSON.parse(readFileSync(corpusPath, 'utf8')) as CorpusMessage[]), ...independent];
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
const languages = new Set(corpus.map((m) => m.language)).size;
console.log(`${corpus.length} messages in ${languages} languages: ${apart.length} written apart, ${heldOut.length} generated and held out, ${tune.length} to tune on.`);
if (apart.length > 0) table('Independent part (the result)', apart);
table('Generated, held-out part', heldOut);
table('Tuning part', tune);

if (process.argv.includes('--failures')) {
  console.log('\n### Misses in the tuning part\n');
  for (const { message, codes, links } of tune) {
    const codeWrong = (codes[0] ?? null) !== message.code;
    const linkWrong = message.primaryLink !== null && links[0] !== message.primaryLink;
    if (codeWrong) console.log(`${message.id}: code ${JSON.stringify(message.code)} got ${JSON.stringify(codes)}`);
    if (linkWrong) console.log(`${message.id}: link ${message.primaryLink} got ${links[0] ?? 'none'}`);
  }
}

for (const [name, part] of [['independent', apart], ['held-out', heldOut]] as const) {
  const missing = part.length === 0 ? [] : shortfalls(figuresOf(part));
  if (missing.length > 0) {
    console.error(`\nThe ${name} part is below the bar: ${missing.join('; ')}.`);
    process.exitCode = 1;
  }
}
