/**
 * Where a validate call's time goes, stage by stage (µs per call on the ~3 KB "typical" message),
 * next to the whole call and the floor measured in the same run, plus the mock exchange per call.
 * Each stage is timed alone in its own loop over the same input (no timers inside the pipeline),
 * so the stages need not add up to the whole call exactly. Times are CPU time of the process
 * (process.cpuUsage), so that other work on a shared machine does not count.
 * Run: node_modules/.bin/node bench/stages.ts [--json]
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { canonicalJson, sha256Hex, withoutIntegrity } from '../src/engine/canonical.ts';
import { canonicalForms } from '../src/engine/validate/canonical-forms.ts';
import { memberIssues } from '../src/engine/validate/members.ts';
import { conformanceRecord } from '../src/engine/validate/record.ts';
import { isoSeconds } from '../src/engine/time.ts';
import { bodyIssues } from '../src/engine/validate/rules-body.ts';
import {
  checksumIssues,
  extensionIssues,
  linkageIssues,
  profileIssues,
  traceIssues,
  trustIssues,
} from '../src/engine/validate/rules-envelope.ts';
import { schemaIssues } from '../src/engine/validate/schema.ts';
import { siteFor } from '../src/standard/urls.ts';
import { messages } from './engine.ts';
import { mockExchangeAction, publishedExamples, validateMessage } from '../src/engine/index.ts';
import { cpuMicrosPerCall, median, pairedMicros, round } from './stats.ts';

export interface StageFigures {
  readonly bytes: number;
  readonly loadAverage: number;
  readonly stagesUs: Record<string, number>;
  readonly floorUs: number;
  readonly validateUs: number;
  readonly ratio: number;
  readonly mockUs: number;
}

export function benchStages(n = 2000, batches = 15): StageFigures {
  const site = siteFor();
  const now = new Date('2026-11-02T10:00:00Z');
  const message = messages().find((m) => m.size === 'typical')!.message;
  const text = JSON.stringify(message);
  const result = validateMessage(JSON.parse(text), { mode: 'keyed-json', site, now });
  const record = result.conformance_record;
  const forms = canonicalForms(message);
  const recordInput = {
    site,
    checked: message,
    checkedAt: isoSeconds(now),
    digest: forms.hash.slice(7),
    issues: [...result.errors, ...result.warnings],
    errorCount: result.error_count,
    warningCount: result.warning_count,
    level: result.conformance_level,
  };
  const recordText = canonicalJson(withoutIntegrity(record));
  const t = (fn: () => void, calls = n): number => round(median(cpuMicrosPerCall(fn, calls, batches)), 2);
  const canonicalizeRecord = t(() => canonicalJson(withoutIntegrity(record)));
  const hashRecord = t(() => sha256Hex(recordText));
  const recordTotal = t(() => conformanceRecord(recordInput));
  const stagesUs: Record<string, number> = {
    'parse (JSON.parse)': t(() => JSON.parse(text)),
    'canonicalize message (both forms, 2 hashes)': t(() => canonicalForms(message)),
    'conformance record, total': recordTotal,
    'conformance record, build (total - canonicalize - hash)': round(recordTotal - canonicalizeRecord - hashRecord, 2),
    'conformance record, canonicalize': canonicalizeRecord,
    'conformance record, hash': hashRecord,
    'member walk': t(() => memberIssues(message)),
    'stringify (JSON.stringify of the result)': t(() => JSON.stringify(result)),
    schema: t(() => schemaIssues(message, message.profile)),
    rules: t(() => {
      profileIssues(message);
      checksumIssues(message, forms.checksum);
      traceIssues(message);
      linkageIssues(message);
      trustIssues(message);
      extensionIssues(message);
      bodyIssues(message);
    }),
  };
  // The whole call next to the floor in alternating batches; the ratio is the median of the pairs'.
  const paired = pairedMicros(
    () => {
      const v = JSON.parse(text);
      createHash('sha256').update(canonicalize(v)!, 'utf8').digest('hex');
      JSON.stringify(v);
    },
    () => JSON.stringify(validateMessage(JSON.parse(text), { mode: 'keyed-json', site, now })),
    n,
    batches,
  );
  const floorUs = round(median(paired.a), 2);
  const validateUs = round(median(paired.b), 2);
  // The POST /v1/mock-exchange engine call on the published request example, with the shell's stringify.
  const mockText = JSON.stringify({
    message: publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message,
  });
  const mockUs = t(
    () => JSON.stringify(mockExchangeAction(JSON.parse(mockText), { site, now: () => now })),
    Math.ceil(n / 2),
  );
  return {
    bytes: Buffer.byteLength(text),
    loadAverage: loadavg()[0]!,
    stagesUs,
    floorUs,
    validateUs,
    ratio: round(median(paired.ratios), 2),
    mockUs,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = loadavg()[0]!;
  const f = benchStages();
  if (process.argv.includes('--json')) console.log(JSON.stringify(f));
  console.log(`message ${f.bytes} bytes; load average ${load.toFixed(2)} at start, ${f.loadAverage.toFixed(2)} at end`);
  for (const [stage, us] of Object.entries(f.stagesUs))
    console.log(`${stage.padEnd(58)} ${us.toFixed(2).padStart(8)} µs`);
  console.log(`${'validate (parse + check + stringify)'.padEnd(58)} ${f.validateUs.toFixed(2).padStart(8)} µs`);
  console.log(
    `${'floor (parse + canonicalize + sha256 + stringify)'.padEnd(58)} ${f.floorUs.toFixed(2).padStart(8)} µs`,
  );
  console.log(`${'validate / floor'.padEnd(58)} ${f.ratio.toFixed(2).padStart(8)} x`);
  console.log(`${'mock exchange per call'.padEnd(58)} ${f.mockUs.toFixed(2).padStart(8)} µs`);
}
