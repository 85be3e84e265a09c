/**
 * Records the digests of the answer cases (recorded.json) and a few answers in full (full.json).
 * Run only when a change of the answers is intended: node_modules/.bin/node tests/engine/answers/record.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerCases, answerDigest, answerText } from './cases.ts';
import { FULL_ANSWERS } from './full-ids.ts';

const digests: Record<string, Record<string, string>> = {};
const full: Record<string, string> = {};
let count = 0;
for (const [tag, cases] of Object.entries(answerCases())) {
  digests[tag] = {};
  for (const c of cases) {
    const text = answerText(c.answer());
    digests[tag][c.id] = answerDigest(text);
    if (FULL_ANSWERS.includes(`${tag}/${c.id}`)) full[`${tag}/${c.id}`] = text;
    count += 1;
  }
}
const lines = JSON.stringify(digests).replaceAll('","', '",\n"').replaceAll('{"', '{\n"');
writeFileSync(join(import.meta.dirname, 'recorded.json'), `${lines}\n`);
writeFileSync(join(import.meta.dirname, 'full.json'), `${JSON.stringify(full, null, 1)}\n`);
console.log(`${count} answers recorded, ${Object.keys(full).length} in full`);
