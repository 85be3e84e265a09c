/**
 * Where a POST /v1/mock-exchange call's time goes, stage by stage: the published intent request in
 * the accepted-task scenario, as the route runs it (the body's text goes along). Each stage is timed
 * alone in its own loop over the same input, on the CPU clock (process.cpuUsage), next to the whole
 * call in the same process. The same file times an older engine too (bench/baseline.ts copies it
 * into a worktree of that commit), so it reads the engine's internals by what they return rather
 * than by their types: an answer is sealed with its forms (validateSealed) or alone (older).
 * Run: node_modules/.bin/node bench/mock-stages.ts [--json]
 */
import { fileURLToPath } from 'node:url';
import { mockExchangeAction, publishedExamples, validateMessage } from '../src/engine/index.ts';
import { exchangeIds } from '../src/engine/mock-exchange/ids.ts';
import { linkage } from '../src/engine/mock-exchange/linkage.ts';
import { acceptedResponse } from '../src/engine/mock-exchange/responses.ts';
import { issueFlags } from '../src/engine/validate/issue-flags.ts';
import * as pipeline from '../src/engine/validate/pipeline.ts';
import { siteFor } from '../src/standard/urls.ts';
import { cpuMicrosPerCall, median, round } from './stats.ts';

export interface MockStageFigures {
  readonly bytes: number;
  readonly stagesUs: Record<string, number>;
  readonly wholeUs: number;
}

type Json = Record<string, any>;

export function benchMockStages(n = 2000, batches = 15): MockStageFigures {
  const site = siteFor();
  const now = new Date('2026-11-02T10:00:00Z');
  const context = { site, now: () => now };
  const message = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Json;
  const messageText = JSON.stringify(message);
  const body = `{"message":${messageText}}`;
  const options = { mode: 'keyed-json' as const, site, now };
  const validation = validateMessage(message, { ...options, text: messageText });
  const ids = exchangeIds(validation.normalization.canonical_hash, message, 'accepted-task');
  const flagged = issueFlags(validation);
  const linked = linkage({ site, request: message, flagged, ids, now }, ids.taskRef);
  const request = { subject: message.body.subject, responseProfile: message.body.response_profile };
  const answer = () => acceptedResponse(site, ids, linked, request) as unknown as Json;
  // Sealed with its forms ({ message, forms }) since the answer is checked by validateSealed.
  const built = answer();
  const validateSealed = (pipeline as Json).validateSealed as
    ((m: Json, forms: unknown, o: typeof options) => unknown) | undefined;
  const checkAnswer =
    'forms' in built && 'message' in built && validateSealed
      ? () => {
          const a = answer();
          validateSealed(a.message, a.forms, options);
        }
      : () => validateMessage(answer(), options);
  const result = mockExchangeAction(JSON.parse(body), context, { text: body });
  if (!result.ok) throw new Error(`mock exchange failed: ${result.code}`);
  const t = (fn: () => void, calls = n): number => round(median(cpuMicrosPerCall(fn, calls, batches)), 2);
  const buildUs = t(answer);
  const stagesUs: Record<string, number> = {
    'parse (JSON.parse of the body)': t(() => JSON.parse(body)),
    'check the request (validateMessage)': t(() => validateMessage(message, { ...options, text: messageText })),
    'ids, flags and linkage': t(() => {
      const i = exchangeIds(validation.normalization.canonical_hash, message, 'accepted-task');
      linkage({ site, request: message, flagged: issueFlags(validation), ids: i, now }, i.taskRef);
    }),
    'build and seal the answer': buildUs,
    // Timed with a fresh answer each call (a check may remember forms), less the build alone.
    'check the answer': round(t(checkAnswer) - buildUs, 2),
    'stringify (JSON.stringify of the result)': t(() => JSON.stringify(result.body)),
  };
  const wholeUs = t(
    () => JSON.stringify((mockExchangeAction(JSON.parse(body), context, { text: body }) as Json).body),
    Math.ceil(n / 2),
  );
  return { bytes: Buffer.byteLength(body), stagesUs, wholeUs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = benchMockStages();
  if (process.argv.includes('--json')) console.log(JSON.stringify(f));
  console.log(`request body ${f.bytes} bytes`);
  for (const [stage, us] of Object.entries(f.stagesUs))
    console.log(`${stage.padEnd(44)} ${us.toFixed(2).padStart(8)} µs`);
  console.log(`${'whole call (action + stringify)'.padEnd(44)} ${f.wholeUs.toFixed(2).padStart(8)} µs`);
}
