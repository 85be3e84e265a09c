import { beforeAll, describe, expect, it } from 'vitest';
import { validateMessage, type ValidatorResult } from '../../src/engine/index.ts';
import type { CoreReply } from '../../src/http/core.ts';
import { answerByteBound } from '../../src/standard/limits.ts';
import { firstListed } from '../support/listed.ts';
import { siteFor } from '../../src/standard/urls.ts';
import {
  formatVariants,
  postToCore,
  SMALL_BUDGET,
  worstShapes,
  type WorstRoute,
  type WorstShape,
} from '../../bench/worst-shape-bodies.ts';

/**
 * Every worst shape of every POST route, through the same cores the Netlify functions and the
 * local server run (docs/contract.md, "Limits"): a typed answer, never a 500; an answer no larger
 * than ANSWER_BOUND allows for its request; and the verdict exact: valid or not, the level and
 * the counts equal those of the check with no issue limit. Times are the bench's business
 * (bench/worst-shapes.ts), not asserted here.
 */
process.env.UAI_RATE_LIMIT = '0';
const site = siteFor();
let cores: Record<WorstRoute, (text: string) => Promise<CoreReply>>;

beforeAll(async () => {
  const load = async (route: WorstRoute) => {
    const { core } = await import(`../../netlify/functions/${route}.mts`);
    return (text: string) => postToCore(core, route, text);
  };
  cores = {
    validate: await load('validate'),
    'check-exchange': await load('check-exchange'),
    'mock-exchange': await load('mock-exchange'),
    'reference-server': await load('reference-server'),
  };
});

const full = worstShapes();
const small = worstShapes(SMALL_BUDGET);
/**
 * At full size, one profile's shapes per route (the intent request's, which every route reads):
 * the small shapes cover every profile and format with the same code, in a fraction of the time.
 */
const fullSample = full.filter((s) => s.profile === 'uai.intent.request.v1');
const bytes = (text: string) => Buffer.byteLength(text);

/** The check with no issue limit: the oracle the bounded answer must agree with. */
const oracle = (message: unknown, mode: 'keyed-json' | 'keyless-json' = 'keyed-json', text?: string) =>
  validateMessage(message, { mode, site, now: new Date(), issueLimit: Infinity, ...(text ? { text } : {}) });

/** A validator result (or its summary) agrees with the oracle and lists at most the limit. */
function expectExact(answer: Partial<ValidatorResult>, truth: ValidatorResult): void {
  expect([answer.valid, answer.conformance_level]).toEqual([truth.valid, truth.conformance_level]);
  expect([answer.error_count, answer.warning_count, answer.issue_count]).toEqual([
    truth.error_count,
    truth.warning_count,
    truth.issue_count,
  ]);
  const listed = answer.errors!.length + answer.warnings!.length;
  const expected = firstListed(truth);
  expect(listed).toBe(expected);
  expect(answer.issues_listed).toBe(truth.issue_count > expected ? expected : undefined);
}

/** Every message the service emits validates with 0 errors and 0 warnings, checksum included. */
function expectClean(message: unknown): void {
  const r = validateMessage(message, { mode: 'keyed-json', site, now: new Date() });
  expect([r.error_count, r.warning_count], JSON.stringify([...r.errors, ...r.warnings].slice(0, 3))).toEqual([0, 0]);
}

async function judge(shape: WorstShape): Promise<void> {
  const reply = await cores[shape.route](shape.text);
  expect(reply.status, reply.body ?? '').not.toBe(500);
  expect(reply.body).not.toBeNull();
  expect(bytes(reply.body!)).toBeLessThanOrEqual(answerByteBound(bytes(shape.text)));
  const answer = JSON.parse(reply.body!);
  const request = JSON.parse(shape.text);
  if (shape.name.includes('too-deep')) {
    // A body nested past the limit is refused before any check, as a typed problem.
    expect([reply.status, answer.code]).toEqual([400, 'request.too_deep']);
    return;
  }
  switch (shape.route) {
    case 'validate': {
      const mode = request.normalization_mode ?? 'keyed-json';
      const truth = oracle(request.message, mode, shape.messageText);
      const format = (request.format ?? 'result') as string;
      if (format === 'result' || format === 'summary') expectExact(answer, truth);
      if (format === 'result' || format === 'record') {
        const record = format === 'record' ? answer : answer.conformance_record;
        expect(record.body.summary.error_count).toBe(truth.error_count);
        expect(record.body.issues.length).toBe(firstListed(truth));
        expectClean(record);
      }
      if (format === 'sarif') {
        const run = answer.runs[0];
        expect(run.results.length).toBe(firstListed(truth));
        const notes = (run.invocations[0].toolExecutionNotifications ?? []).filter((n: any) => n.level === 'note');
        expect(notes.length).toBe(truth.issue_count > firstListed(truth) ? 1 : 0);
      }
      return;
    }
    case 'check-exchange': {
      expect(reply.status).toBe(200);
      expectExact(answer.response_validation, oracle(request.response, 'keyed-json', shape.messageText));
      expectExact(answer.request_validation, oracle(request.request));
      if (answer.response_validation.error_count > 0) expect(answer.conforms).toBe(false);
      return;
    }
    case 'mock-exchange': {
      expect(reply.status).toBe(200);
      expectExact(answer.request.validation, oracle(request.message, 'keyed-json', shape.messageText));
      expectClean(answer.response_message);
      return;
    }
    case 'reference-server': {
      // The bare answer of the HTTPS JSON binding: whatever the request, a message that validates clean.
      expect([200, 202, 400, 404, 422]).toContain(reply.status);
      expectClean(answer);
      return;
    }
  }
}

describe.each(['validate', 'check-exchange', 'mock-exchange', 'reference-server'] as const)(
  'worst shapes on %s',
  (route) => {
    it.each(fullSample.filter((s) => s.route === route).map((s) => [s.name, s] as const))('%s', async (_name, shape) =>
      judge(shape),
    );
    it.each(
      small
        .filter((s) => s.route === route)
        .flatMap((s) => [s, ...formatVariants(s)])
        .map((s) => [s.name, s] as const),
    )('small: %s', async (_name, shape) => judge(shape));
  },
);

describe('the full-size validate shapes in the other formats', () => {
  // One shape per family and format: the formats cut their lists from the same result.
  const families = new Map<string, WorstShape>();
  for (const s of fullSample.filter((s) => s.route === 'validate'))
    families.set(s.name.split('/').at(-1)!.split(':')[0]!, s);
  it.each([...families.values()].flatMap(formatVariants).map((s) => [s.name, s] as const))('%s', async (_name, shape) =>
    judge(shape),
  );
});

describe('the shapes are what they claim', () => {
  it('every body is within the request limit, and the full ones near it', () => {
    for (const s of full) expect(bytes(s.text)).toBeLessThanOrEqual(262_144);
    const wide = full.filter((s) => s.name.includes('wide-'));
    expect(wide.length).toBeGreaterThan(20);
    for (const s of wide) expect(bytes(s.text), s.name).toBeGreaterThan(200_000);
  });

  it('every route and every profile has shapes', () => {
    expect(new Set(full.map((s) => s.route))).toEqual(
      new Set(['validate', 'check-exchange', 'mock-exchange', 'reference-server']),
    );
    expect(new Set(full.filter((s) => s.route === 'validate').map((s) => s.profile)).size).toBe(6);
  });
});
