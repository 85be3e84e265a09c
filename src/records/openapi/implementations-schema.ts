import { IMPLEMENTATION_SIDES } from '../../standard/implementations.ts';
import { LEVEL_IDS } from '../../standard/levels.ts';
import type { JsonSchema } from '../../standard/schemas.ts';
import { int, str, uri } from './schema-helpers.ts';

/**
 * The published schema of GET /v1/implementations (src/records/implementations.ts builds the
 * record). Closed where the record's shape is the service's own; a verdict's status stays an open
 * string, since a later kit release may report statuses beyond pass, fail and skip (every status
 * but pass and skip is a failure).
 */
const closed = (description: string, properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
const strings = (description: string): JsonSchema => ({ type: 'array', description, items: { type: 'string' } });
const severity = str('must or should.', { enum: ['must', 'should'] });
const side = str('server or client.', { enum: [...IMPLEMENTATION_SIDES] });

export const implementationsRecordSchema = (): JsonSchema =>
  closed('Who implements UAI-1: every verified test-kit result (GET /v1/implementations).', {
    record: { const: 'implementations' },
    current_release: str('UAI-1.'),
    uai_version: str('1.0.'),
    base_url: uri('REST base.'),
    html_url: uri('Human page of the record.'),
    generated_at: str('When the build verified the entries.', { format: 'date-time' }),
    policy: str('What the build verifies about each entry.'),
    how_to_get_listed_url: uri('How to add an entry.'),
    stale_after_days: int('A result older than this many days is marked stale.'),
    count: int('Number of implementations.'),
    checks: {
      type: 'array',
      description: 'The published checks of every side listed, in published order: the columns of the matrix.',
      items: closed('One published kit check.', {
        id: str('Check id.'),
        side,
        category: str('Category (capability, message, exchange, task, hostile, ...).'),
        severity,
        title: str('What the check holds.'),
        help_url: uri('The check on the error-registry page.'),
      }),
    },
    implementations: {
      type: 'array',
      items: closed('One implementation and its verified result.', {
        id: str('Stable id (the folder name of the entry).'),
        name: str('Name of the implementation.'),
        side,
        language: str('Programming language.'),
        homepage: uri('Home page.'),
        repository: { type: ['string', 'null'], format: 'uri', description: 'Source repository; null when closed.' },
        target: str('What the result is about (for a server, the endpoint tested).'),
        html_url: uri('Its page, with failures and evidence.'),
        release: str('The kit release that produced the result (source.implementation of the result).'),
        result_status: str('body.status of the sealed result: fail when a must check failed.', {
          enum: ['pass', 'fail'],
        }),
        level: {
          type: ['string', 'null'],
          enum: [...LEVEL_IDS, null],
          description: 'Highest conformance level the verdicts reach; null below L0.',
        },
        counts: closed('Verdict counts; a skipped check counts in skip only.', {
          must_pass: int('must checks passed.'),
          must_fail: int('must checks failed.'),
          should_pass: int('should checks passed.'),
          should_fail: int('should checks failed.'),
          skip: int('checks skipped.'),
        }),
        checked_at: str('When the kit ran (body.summary.checked_at).', { format: 'date-time' }),
        age_days: int('Whole days from checked_at to generated_at.'),
        stale: { type: 'boolean', description: 'age_days is over stale_after_days.' },
        verdict_source: str(
          'result: the sealed result alone (failures listed, the rest passed); report: the kit report, agreeing with it.',
          {
            enum: ['result', 'report'],
          },
        ),
        baseline: closed("The owner's known failures, compared as the kit compares a baseline.", {
          expected_failures: strings('Listed check ids.'),
          regressions: strings('Failing must checks not listed.'),
          stale: strings('Listed checks that did not fail.'),
        }),
        result_message_id: str('message_id of the sealed result.'),
        result_url: uri('The sealed result, byte for byte as submitted.'),
        badge_svg_url: uri('The badge as SVG.'),
        badge_json_url: uri('The badge in the shields.io endpoint schema.'),
        verdicts: {
          type: 'array',
          items: closed('One check and its status.', {
            check: str('Check id.'),
            severity,
            status: str('pass, skip, fail, or another status of a later kit release (a failure).'),
            evidence: strings('What the kit saw.'),
          }),
        },
      }),
    },
  });
