import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ISSUE_LIST_LIMIT,
  publishedExamples,
  seal,
  unlistedNote,
  validateMessage,
  mockExchange,
  checkExchangeMessages,
  comparePathParts,
  compareIssues,
  IssuePartsOrder,
  issueFlags,
  schemaIssues,
  type Issue,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import { allSchemas } from '../../src/standard/schemas.ts';
import { expectedListed } from '../support/listed.ts';
import { check, now, site } from './helpers.ts';

/**
 * Bounded issue lists (docs/contract.md, "Limits"): a result lists at most ISSUE_LIST_LIMIT
 * issues, errors before warnings, each the first by path then code, and counts every issue
 * exactly. The oracle is the same check with no limit: its full list must hold each (path, code)
 * once, its length must be the counts, and the bounded list must be its first ISSUE_LIST_LIMIT
 * errors, then its first warnings while there is room.
 */
const examples = publishedExamples(site);
const keyOf = (i: Pick<Issue, 'path' | 'code'>) => `${i.path}\u0000${i.code}`;
const listOf = (r: ValidatorResult) => [...r.errors, ...r.warnings].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
const everything = (message: unknown) =>
  validateMessage(message, { mode: 'keyed-json', site, now, issueLimit: Infinity });

/** The oracle's verdict on a message, asserted against the bounded result. */
function expectBoundedAgrees(message: unknown): ValidatorResult {
  const full = everything(message);
  const bounded = check(message);
  const all = listOf(full);
  // Each issue once: a set over the full list finds no repeat.
  expect(new Set(all.map(keyOf)).size).toBe(all.length);
  // A value of the wrong type is one problem: no value check (enum, const) where the type failed.
  const typed = new Set(all.filter((i) => i.keyword === 'type').map((i) => i.path));
  expect(all.filter((i) => (i.keyword === 'enum' || i.keyword === 'const') && typed.has(i.path))).toEqual([]);
  expect(full.issue_count).toBe(all.length);
  expect(full.issues_listed).toBeUndefined();
  // The tally reads schema issues in place with shortcuts (neighbours, joined-free paths); every
  // schema issue made the plain way, one draft each, must be in the full list.
  if (typeof message === 'object' && message !== null && !Array.isArray(message)) {
    const keys = new Set(all.map(keyOf));
    const plain = schemaIssues(message, (message as Record<string, unknown>).profile).drafts();
    const missing = plain.filter((d) => !keys.has(keyOf({ path: d.path.toWellFormed(), code: d.code })));
    expect(missing.map(keyOf)).toEqual([]);
  }
  expect([bounded.error_count, bounded.warning_count]).toEqual([full.error_count, full.warning_count]);
  expect([bounded.valid, bounded.conformance_level]).toEqual([full.valid, full.conformance_level]);
  const listed = listOf(bounded);
  expect(listed.map(keyOf)).toEqual(expectedListed(full).map(keyOf));
  expect(bounded.issues_listed).toBe(all.length > ISSUE_LIST_LIMIT ? ISSUE_LIST_LIMIT : undefined);
  // The record says the same, and validates clean, checksum included.
  const record = bounded.conformance_record as { body: { issues: unknown[]; summary: Record<string, unknown> } };
  expect(record.body.issues).toHaveLength(listed.length);
  expect(record.body.summary.issues_listed).toBe(bounded.issues_listed);
  const again = check(record);
  expect([again.error_count, again.warning_count]).toEqual([0, 0]);
  return bounded;
}

/** A copy of a message with `value` at a path (parents made), resealed so the checksum holds. */
function setAt(message: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(message) as Record<string, any>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] = typeof at[key] === 'object' && at[key] !== null ? at[key] : {};
  at[path.at(-1)!] = value;
  return seal(copy);
}

const item = fc.oneof(
  fc.constant({}),
  fc.constant(0),
  fc.constant(null),
  fc.constant({ code: 1, severity: 'loud', path: 2, message: [], help_url: 'not a url' }),
  fc.constant({ code: 'x.y', severity: 7, path: '', message: 'm' }),
  fc.constant({ type: 3, role: [], id: 'x' }),
  fc.jsonValue({ maxDepth: 2 }),
);
const where = fc.constantFrom(
  ['body', 'issues'],
  ['body', 'errors'],
  ['body', 'constraints'],
  ['extensions'],
  ['provenance', 'lineage'],
  ['body', 'endpoints'],
  ['body', 'result', 'follow_up_scenarios'],
  ['body', 'supported_profiles'],
  ['source'],
  ['delivery'],
  ['body'],
  ['profile'],
  ['uai_version'],
  ['conversation'],
);

/** One to three edits: a place, up to `maxItems` hostile items, and whether they go there as an array or the first alone. */
const hostileEdits = (maxItems: number) =>
  fc.array(fc.tuple(where, fc.array(item, { minLength: 0, maxLength: maxItems }), fc.boolean()), {
    minLength: 1,
    maxLength: 3,
  });

describe('bounded issue lists', () => {
  it('the wide hostile body of the report: every issue counted, the first hundred listed', () => {
    const result = examples.find((e) => e.profile === 'uai.conformance.result.v1')!.message;
    const wide = setAt(
      result,
      ['body', 'issues'],
      Array.from({ length: 5_000 }, () => ({})),
    );
    const r = expectBoundedAgrees(wide);
    // Four required members per issue item (code, severity, path, message), none present.
    expect(r.error_count).toBeGreaterThanOrEqual(20_000);
    expect(r.issues_listed).toBe(ISSUE_LIST_LIMIT);
    expect(unlistedNote(r)).toContain(`${r.issue_count - ISSUE_LIST_LIMIT} more issues not listed`);
  });

  it('a message under the limit lists everything and carries no issues_listed', () => {
    const request = examples[0]!.message;
    const r = expectBoundedAgrees(setAt(request, ['body', 'constraints'], [0, 0, 0]));
    expect(r.issue_count).toBeLessThan(ISSUE_LIST_LIMIT);
    expect(Object.hasOwn(r, 'issues_listed')).toBe(false);
    expect(unlistedNote(r)).toBeUndefined();
  });

  it('property: hostile arrays and values anywhere in any profile agree with the unbounded oracle', () => {
    fc.assert(
      fc.property(fc.constantFrom(...examples.map((e) => e.message)), hostileEdits(80), (base, edits) => {
        let message = base as Record<string, unknown>;
        for (const [path, items, asArray] of edits) message = setAt(message, path, asArray ? items : items[0]);
        expectBoundedAgrees(message);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the listed issues are the first errors, then the first warnings, of the full list for any limit', () => {
    const request = examples[0]!.message;
    // Errors under /body/constraints, warnings (unknown members) before and after them.
    const wide = structuredClone(request) as { body: Record<string, unknown> };
    wide.body.constraints = Array.from({ length: 300 }, (_, i) => (i % 3 ? i : {}));
    for (let i = 0; i < 150; i++) wide.body[`a${i}`] = wide.body[`z${i}`] = i;
    const message = seal(wide);
    const full = everything(message);
    expect([full.error_count, full.warning_count]).toEqual([300, 300]);
    fc.assert(
      fc.property(fc.nat({ max: full.issue_count + 5 }), (limit) => {
        const r = validateMessage(message, { mode: 'keyed-json', site, now, issueLimit: limit });
        expect(listOf(r).map(keyOf)).toEqual(expectedListed(full, limit).map(keyOf));
        expect(r.errors).toHaveLength(Math.min(limit, full.error_count));
        expect(r.issue_count).toBe(full.issue_count);
      }),
      { numRuns: 60 },
    );
  });

  /**
   * A message with more issues than a result lists, its N warnings and M errors at random paths:
   * unknown members in any object of the envelope (warnings), and errors interleaved with
   * warnings in two arrays (a constraint of the wrong type or an unregistered one; a lineage item
   * of the wrong type or one with an unknown member). Whatever sorts first, the result lists
   * min(M, limit) errors, so an invalid message always shows why it fails.
   */
  it('property: N warnings and M errors at random paths, N + M over the limit: min(M, limit) errors listed (300 runs)', () => {
    const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<string, any>;
    const lineageItem = request.provenance.lineage[0] as Record<string, unknown>;
    const objects = ['', 'source', 'target', 'conversation', 'delivery', 'trust', 'body', 'provenance'];
    const unknown = fc.tuple(fc.constantFrom(...objects), fc.constantFrom('a', 'k', 'p', 'z'), fc.nat(999));
    fc.assert(
      fc.property(
        fc.nat(10),
        fc.array(fc.nat(9), { minLength: 40, maxLength: 160 }),
        fc.array(fc.nat(9), { minLength: 1, maxLength: 60 }),
        fc.array(unknown, { minLength: 61, maxLength: 200 }),
        (share, constraints, lineage, unknowns) => {
          // A slot is an error when its digit is below `share`: from no errors at all to only errors.
          const m = structuredClone(request);
          let errors = 0;
          m.body.constraints = constraints.map((d, i) => (d < share ? (errors++, 0) : `unregistered_${i}`));
          m.provenance.lineage = lineage.map((d, i) => (d < share ? (errors++, 0) : { ...lineageItem, [`x${i}`]: 1 }));
          const names = new Set<string>();
          for (const [object, letter, n] of unknowns) {
            (object === '' ? m : m[object])[`${letter}${n}`] = n;
            names.add(`${object}/${letter}${n}`);
          }
          const warnings = constraints.length + lineage.length - errors + names.size;
          const message = seal(m);
          const full = everything(message);
          const bounded = check(message);

          // Counts are the whole message's, as generated.
          expect([full.error_count, full.warning_count]).toEqual([errors, warnings]);
          const counts = (r: ValidatorResult) => [
            r.error_count,
            r.warning_count,
            r.issue_count,
            r.valid,
            r.conformance_level,
          ];
          expect(counts(bounded)).toEqual(counts(full));
          expect(bounded.valid).toBe(errors === 0);
          // Errors first: as many as fit, then warnings fill the rest.
          expect(bounded.errors).toHaveLength(Math.min(errors, ISSUE_LIST_LIMIT));
          expect(bounded.warnings).toHaveLength(ISSUE_LIST_LIMIT - bounded.errors.length);
          expect(bounded.issues_listed).toBe(ISSUE_LIST_LIMIT);
          // Each list, and the record's mixed one, in the stable order: path, then code.
          const record = bounded.conformance_record as { body: { issues: Issue[] } };
          for (const list of [bounded.errors, bounded.warnings, record.body.issues])
            for (let i = 1; i < list.length; i++) expect(compareIssues(list[i - 1]!, list[i]!)).toBeLessThan(0);
          expect(record.body.issues).toEqual(listOf(bounded));
          // Every listed issue is the uncut check's own, and they are its first errors, then its first warnings.
          const whole = new Map(listOf(full).map((i) => [keyOf(i), i]));
          for (const i of listOf(bounded)) expect(whole.get(keyOf(i))).toEqual(i);
          expect(listOf(bounded)).toEqual(expectedListed(full));
          // The cut record still validates clean.
          const again = check(record);
          expect([again.error_count, again.warning_count]).toEqual([0, 0]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * SchemaIssue.deep rests on this: below the root's own members, every location of a message is
 * checked by one schema only, so ajv can repeat a deep issue only as neighbours. The profile
 * schemas reuse the envelope through allOf; a member both describe must be a shallow check in
 * the envelope (a type, no subschemas), or deep issues could come twice from two places.
 */
describe('the tally compares a schema issue by the parts of its path', () => {
  const text = fc.string({ unit: fc.constantFrom('/', 'a', 'b', '0', '1', '~', 'é', '\ud83d\ude00'), maxLength: 8 });
  it('property: comparePathParts orders as the joined path does', () => {
    fc.assert(
      fc.property(text, text, text, (head, tail, path) => {
        const joined = head + tail;
        const expected = joined < path ? -1 : joined > path ? 1 : 0;
        expect(comparePathParts(head, tail, path)).toBe(expected);
        // A path that shares the head, so the tail decides.
        const near = head + path;
        expect(comparePathParts(head, tail, near)).toBe(joined < near ? -1 : joined > near ? 1 : 0);
      }),
      { numRuns: 5_000 },
    );
  });

  it('property: IssuePartsOrder orders as compareIssues does on the joined path, over a run of calls', () => {
    // Calls in a row share heads and kept issues, as the tally's do, so a stale remembered answer shows.
    const code = fc.constantFrom('message.duplicate_member', 'schema.type');
    const call = fc.record({ head: fc.nat(3), tail: text, code, kept: fc.record({ path: fc.nat(3), code }) });
    fc.assert(
      fc.property(fc.array(text, { minLength: 4, maxLength: 4 }), fc.array(call, { maxLength: 30 }), (pool, calls) => {
        const order = new IssuePartsOrder();
        for (const c of calls) {
          const head = pool[c.head]!;
          const kept = { path: pool[c.kept.path]! + (c.kept.path % 2 ? c.tail : ''), code: c.kept.code };
          const joined = { path: head + c.tail, code: c.code };
          expect(order.compare(head, c.tail, c.code, kept)).toBe(Math.sign(compareIssues(joined, kept)));
        }
      }),
      { numRuns: 3_000 },
    );
  });
});

/**
 * issueFlags reads the issues behind an engine result in place; a result parsed from JSON has only
 * its list. With no limit the list is every issue, so both must flag the same paths.
 */
describe('issue flags agree with the full list', () => {
  it('property: every prefix of every issue path, and paths beside them, flag the same', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...examples.map((e) => e.message)),
        hostileEdits(40),
        fc.boolean(),
        (base, edits, sibling) => {
          let message = base as Record<string, unknown>;
          for (const [path, items, asArray] of edits) message = setAt(message, path, asArray ? items : items[0]);
          // A member whose name begins with another's: its issues are not the other's.
          if (sibling) message = seal({ ...message, body_x: 1 });
          const full = everything(message);
          const inPlace = issueFlags(full);
          const fromList = issueFlags(JSON.parse(JSON.stringify(full)) as ValidatorResult);
          const probes = new Set([
            '',
            '/body',
            '/body_x',
            '/delivery',
            '/body/x',
            '/body/issues/0/code',
            '/extensions/1',
          ]);
          for (const i of listOf(full)) {
            const segments = i.path.split('/');
            for (let n = 1; n <= segments.length; n++) probes.add(segments.slice(0, n).join('/'));
            probes.add(`${i.path}x`);
            probes.add(`${i.path}/x/y`);
          }
          for (const probe of probes) expect([probe, inPlace(probe)]).toEqual([probe, fromList(probe)]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the schemas the issue counting relies on', () => {
  const APPLICATORS = ['properties', 'items', 'prefixItems', 'additionalProperties', 'allOf', 'anyOf', 'oneOf'];
  const schemas = allSchemas(site).map((d) => d.schema as Record<string, any>);
  const envelope = schemas.find((s) => !Array.isArray(s.allOf))!;

  it.each(schemas.filter((s) => Array.isArray(s.allOf)).map((s) => [String(s.$id), s]))(
    '%s: members it shares with the envelope are shallow there',
    (_id, schema) => {
      expect(schema.allOf).toHaveLength(1);
      for (const member of Object.keys(schema.properties ?? {})) {
        const there = envelope.properties?.[member];
        if (!there) continue;
        const deep = APPLICATORS.filter((k) => Object.hasOwn(there, k)).concat(there.$ref ? ['$ref'] : []);
        expect(deep, `${member} is checked deeply by both schemas`).toEqual([]);
      }
    },
  );
});

describe('a conformance record whose list was cut', () => {
  const wide = setAt(
    examples.find((e) => e.profile === 'uai.conformance.result.v1')!.message,
    ['body', 'issues'],
    Array.from({ length: 400 }, () => ({})),
  );
  const record = check(wide).conformance_record as Record<string, any>;

  const mismatches = (edit: (r: Record<string, any>) => void) => {
    const copy = structuredClone(record);
    edit(copy);
    return check(seal(copy))
      .errors.filter((e) => e.code === 'conformance.summary_mismatch')
      .map((e) => e.path);
  };

  it('validates clean as made', () => expect(mismatches(() => {})).toEqual([]));
  it('issues_listed must be the length of the list', () =>
    expect(mismatches((r) => r.body.summary.issues_listed--)).toEqual(['/body/summary/issues_listed']));
  it('issues_listed says a cut list: not present when every issue is listed', () =>
    expect(
      mismatches((r) => {
        r.body.summary.error_count = r.body.issues.length;
        r.body.summary.warning_count = 0;
      }),
    ).toEqual(['/body/summary/issues_listed']));
  it('counts may not fall below what is listed (and then the list is no longer a cut one)', () =>
    expect(mismatches((r) => (r.body.summary.error_count = 3))).toEqual([
      '/body/summary/error_count',
      '/body/summary/issues_listed',
    ]));
  it('the status follows the counts, not the listed page', () =>
    expect(mismatches((r) => (r.body.status = 'pass'))).toEqual(['/body/status']));
  it('without issues_listed the counts must equal the list again', () =>
    expect(mismatches((r) => delete r.body.summary.issues_listed)).toEqual(['/body/summary/error_count']));

  // 150 unknown members (warnings) sort before the one error, a checksum that no longer matches.
  const request = structuredClone(examples[0]!.message) as Record<string, any>;
  for (let i = 0; i < 150; i++) request.body[`x_${i}`] = i;
  request.integrity.checksum = `sha256:${'0'.repeat(64)}`;
  const mixed = check(request).conformance_record as Record<string, any>;
  const mixedMismatches = (edit: (r: Record<string, any>) => void) => {
    const copy = structuredClone(mixed);
    edit(copy);
    return check(seal(copy))
      .errors.filter((e) => e.code === 'conformance.summary_mismatch')
      .map((e) => e.path);
  };

  it('lists the error of a message whose warnings sort before it, and validates clean', () => {
    expect(mixed.body.summary).toMatchObject({ error_count: 1, warning_count: 150, issues_listed: ISSUE_LIST_LIMIT });
    expect(mixed.body.issues.filter((i: Issue) => i.severity === 'error').map((i: Issue) => i.code)).toEqual([
      'integrity.checksum_mismatch',
    ]);
    expect(mixedMismatches(() => {})).toEqual([]);
  });
  it('a record cut by path, warnings listed while a counted error is not, stays valid', () => {
    // The earlier text of the contract cut by path; which issues a cut kept is not a rule.
    const hideTheError = (r: Record<string, any>) => {
      const at = r.body.issues.findIndex((i: Issue) => i.severity === 'error');
      const warning = r.body.issues.find((i: Issue) => i.severity === 'warning');
      r.body.issues[at] = { ...warning, path: '/body/x_99' };
      r.body.issues.sort(compareIssues);
    };
    expect(mixedMismatches(hideTheError)).toEqual([]);
  });
});

/**
 * The reference server copies a request value only when no issue touches it, and the exchange
 * rules require a copy on the same condition: both must see every issue, not the listed page.
 * Here the one warning on a copied value (/delivery/expires_at, before issued_at) sorts after a
 * hundred warnings under /body, so it is past the cut.
 */
describe('issues past the cut still keep values from being copied', () => {
  const request = structuredClone(examples[0]!.message) as Record<string, any>;
  for (let i = 0; i < 150; i++) request.body[`x_${i}`] = i;
  // A trace_id that is not the traceparent's trace-id: a warning (trace.trace_id_mismatch) past the cut.
  const traceparentId = request.conversation.traceparent.split('-')[1] as string;
  request.provenance.trace_id = 'a'.repeat(32);
  const hostile = seal(request);
  const checked = check(hostile);

  it('the warning on trace_id is counted but not listed', () => {
    expect(checked.error_count).toBe(0);
    expect(checked.issues_listed).toBe(ISSUE_LIST_LIMIT);
    expect(listOf(everything(hostile)).some((i) => i.path === '/provenance/trace_id')).toBe(true);
    expect(listOf(checked).some((i) => i.path === '/provenance/trace_id')).toBe(false);
  });

  it('the mock exchange does not copy it, and its answer validates clean', () => {
    for (const scenario of ['accepted-task', 'completed-response'] as const) {
      const r = mockExchange({ scenario, format: 'exchange', message: hostile }, { site, now: () => now });
      expect(r.response_message.provenance).not.toMatchObject({ trace_id: 'a'.repeat(32) });
      expect([r.response_validation.error_count, r.response_validation.warning_count]).toEqual([0, 0]);
    }
  });

  it('check-exchange does not require the copy', () => {
    const answer = mockExchange(
      { scenario: 'completed-response', format: 'exchange', message: hostile },
      { site, now: () => now },
    );
    // An answer with the trace_id of its traceparent: required to copy the request's only if that one were clean.
    const response = structuredClone(answer.response_message) as Record<string, any>;
    response.provenance.trace_id = traceparentId;
    const r = checkExchangeMessages(
      { request: hostile, response: seal(response), mode: 'keyed-json', httpStatus: 200 },
      { site, now: () => now },
    );
    const copied = r.exchange.verdicts.find((v) => v.id === 'exchange.trace_id_copied')!;
    expect(copied.status).toBe('skip');
  });
});
