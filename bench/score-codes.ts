// `npm run score:codes [-- --failures]`: precision and recall of codes and the primary-link-first rate
// on the labelled corpus (test/fixtures/codes-corpus/corpus.json), overall, by language and by kind, for
// the tuning part and the held-out part. Exits 1 when the held-out part is below a bar (bench/code-score.ts).
// --failures lists the tuning part's misses (the held-out part's are not shown, so as not to tune on them).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusMessage } from '../test/fixtures/codes-corpus/types.js';
import { figuresBy, figuresOf, pct, runExtraction, shortfalls, type Figures, type Outcome } from './code-score.js';

const corpusPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'codes-corpus', 'corpus.json');
const corpus = JSON.parse(readFileSync(corpusPath, 'utf8')) as CorpusMessage[];
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
const languages = new Set(corpus.map((m) => m.language)).size;
console.log(`${corpus.length} messages in ${languages} languages: ${tune.length} to tune on, ${heldOut.length} held out.`);
table('Held-out part (the result)', heldOut);
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

const missing = shortfalls(figuresOf(heldOut));
if (missing.length > 0) {
  console.error(`\nThe held-out part is below the bar: ${missing.join('; ')}.`);
  process.exitCode = 1;
}
