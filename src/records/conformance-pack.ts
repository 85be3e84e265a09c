import { ROADMAP } from '../standard/roadmap.ts';
import { allSchemas } from '../standard/schemas.ts';
import { links } from '../standard/urls.ts';
import { REPORTING_RULES } from '../standard/reporting-rules.ts';
import { recordHeader, type RecordContext } from './context.ts';
import {
  compareIssues,
  conformanceFixtures,
  exchangeFixtures,
  type InvalidFixture,
  parseJson,
  validateMessage,
} from '../engine/index.ts';

/**
 * What an implementation must report for an invalid fixture, from the engine that answers the live
 * validator: its verdict, its level and its issues in order (code, severity, path), beside the
 * codes written by hand with the fixture (tests/engine/fixtures.test.ts holds the two to agree).
 */
function withExpectations(fixture: InvalidFixture, ctx: RecordContext) {
  const input = fixture.text !== undefined ? parseJson(fixture.text) : fixture.message;
  const r = validateMessage(input, {
    mode: fixture.mode,
    site: ctx.site,
    now: new Date(ctx.generatedAt),
    text: fixture.text,
  });
  return {
    ...fixture,
    expected_valid: r.valid,
    expected_level: r.conformance_level,
    expected_issues: [...r.errors, ...r.warnings]
      .sort(compareIssues)
      .map(({ code, severity, path }) => ({ code, severity, path })),
  };
}

/** The members of a fixture, for a runner written in any language. */
const FIXTURE_FORMAT = {
  valid: {
    id: 'valid/<profile>/<form> for the published examples, valid/edge/<name> for a message at the edge of a rule.',
    profile: 'The profile of the message.',
    form: "keyed (an object), minified (the same message as compact text) or keyless (an array by the field registry's order maps); edge for a message at the edge of a rule that a validator strict in the wrong place refuses (a leap second, instants half a second apart, an integer written 1.0, nesting at the limit, a long name of a string).",
    mode: 'The normalization_mode to validate it in: keyed-json or keyless-json.',
    message: 'The message, a JSON value; absent where text is given.',
    text: 'The message as JSON text: send exactly these bytes (as the message of a validate request, or as a file to uai validate); never parse and write them again.',
    canonical_hash:
      'sha256:<hex> over the RFC 8785 form of the keyed message (a keyless one converted first): what normalization.canonical_hash must say. A valid fixture has no issues and reaches L4.',
  },
  invalid: {
    id: 'invalid/<code>, or invalid/<code>/<branch> for a further branch of the same rule.',
    description: 'What the fixture breaks, in one sentence.',
    mode: 'The normalization_mode to validate it in.',
    message: 'The message, a JSON value; absent where text is given.',
    text: 'JSON text to send exactly as written: it carries what parsing loses (1e400, a lone surrogate, a repeated name, digits a double does not hold).',
    expected_codes: 'The set of codes the fixture raises, errors and warnings, sorted: exactly these, no other.',
    expected_valid:
      "The result's valid: false when an error is among them, true when only warnings are (a warning keeps a message from L4, not from being valid).",
    expected_level:
      'The conformance_level the result reports: the highest level reached (CONTRACT section 7), null when not even L0 holds.',
    expected_issues:
      'Every issue the result lists, each its code, severity and RFC 6901 path, in the order of reporting_rules "order": the order of the conformance record\'s body.issues, or of the result\'s errors and warnings merged and sorted so.',
    route_refusal:
      'Present only on a fixture POST /v1/validate refuses before validating it (its status and problem code); uai validate and the library report expected_issues for it.',
  },
  exchange: {
    id: 'exchange-<scenario> for a valid pair, exchange-<rule> for a pair broken against one exchange rule.',
    description: 'What the pair shows or breaks, in one sentence.',
    request: 'The request message, keyed.',
    response:
      'The message that answered it, keyed; in a broken pair resealed, so that only the exchange rule sees the change.',
    http_status: 'The HTTP status the response came with: the exchange rules judge it with the response.',
    previous:
      'Present only when the response is a task status: the answer it follows (the accepted-task answer, or a status of the same task). Judge the pair with it, or the task rules cannot hold.',
    fails:
      'The exchange rules the pair must fail, sorted: exactly these, none for a valid pair. To judge a fixture, send every member but id, description and fails (POST /v1/check-exchange takes them by these names), and compare the rules that fail with fails.',
  },
};

/** The conformance pack (CONTRACT section 9): everything an implementer needs offline, in one JSON bundle. */
export function conformancePackRecord(
  ctx: RecordContext,
  parts: {
    registry: unknown;
    fieldRegistry: unknown;
    bindings: unknown;
    trustChannels: unknown;
    levels: unknown;
    errorRegistry: unknown;
  },
) {
  const l = links(ctx.site);
  return {
    ...recordHeader(ctx, 'conformance-pack', '/conformance-pack/'),
    pack_version: 1,
    download_filename: 'uai-1-conformance-pack.json',
    schemas: allSchemas(ctx.site).map((d) => ({ id: d.id, url: l.schema(d.id), schema: d.schema })),
    registry: parts.registry,
    field_registry: parts.fieldRegistry,
    transport_bindings: parts.bindings,
    trust_channels: parts.trustChannels,
    conformance_levels: parts.levels,
    error_registry: parts.errorRegistry,
    roadmap_boundary: {
      current: ROADMAP.current.map((i) => i.id),
      not_supported_yet: [...ROADMAP.next, ...ROADMAP.planned, ...ROADMAP.research].map((i) => i.id),
    },
    guidance: [
      'Load every schema into a JSON Schema 2020-12 validator under its $id; profile schemas reference uai.envelope.v1 by relative URL.',
      'Compute integrity.checksum as sha256 over the RFC 8785 canonical form of the message without integrity.',
      'Run every fixture (fixture_format says what each member means): valid ones must give no issues and the listed canonical_hash; invalid ones exactly the listed codes, and a full implementation its expected_valid, expected_level and expected_issues (path and severity of each, in order).',
      'Where two codes could apply to one finding, reporting_rules says which is reported; each rule names the fixture that shows it.',
      'Report problems with the published codes of the error registry, with RFC 6901 paths.',
      `Compare with the live validator at ${l.validate}.`,
      `Judge every exchange fixture by the exchange rules: valid pairs pass them all, each broken pair fails exactly its listed rules (POST ${l.checkExchange} or uai check-exchange).`,
      'Test a live implementation with uai test <endpoint-url>: every must-check of the test_checks in the error registry whose side is server.',
      'Test a client with uai test-client --command "<cmd>": it runs against scripted servers, and every must-check of the test_checks whose side is client applies.',
    ],
    implementation_evidence_checklist: [
      { id: 'schemas', item: 'All schemas load and every valid fixture passes them.' },
      { id: 'checksum', item: 'Checksums of all valid fixtures recompute to the published value.' },
      { id: 'keyless', item: 'Keyless fixtures convert to keyed form with the same canonical_hash.' },
      { id: 'invalid-fixtures', item: 'Every invalid fixture raises exactly its expected codes.' },
      {
        id: 'exchange',
        item: 'A request sent to the mock exchange gets a 202 accepted-task response that validates clean.',
      },
      { id: 'level', item: 'The highest conformance level claimed is the one the validator reports.' },
      {
        id: 'exchange-rules',
        item: 'Every exchange fixture is judged as published: valid pairs pass, each broken pair fails exactly its rules.',
      },
      {
        id: 'test-kit',
        item: 'uai test against the implementation passes every must-check; its sealed result validates with 0 errors.',
      },
    ],
    fixture_format: FIXTURE_FORMAT,
    reporting_rules: REPORTING_RULES,
    fixtures: (({ valid, invalid }) => ({ valid, invalid: invalid.map((f) => withExpectations(f, ctx)) }))(
      conformanceFixtures(ctx.site),
    ),
    exchange_fixtures: exchangeFixtures(ctx.site),
  };
}
