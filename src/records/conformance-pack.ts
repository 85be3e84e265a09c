import { ROADMAP } from '../standard/roadmap.ts';
import { allSchemas } from '../standard/schemas.ts';
import { links } from '../standard/urls.ts';
import { recordHeader, type RecordContext } from './context.ts';
import { conformanceFixtures, exchangeFixtures } from '../engine/index.ts';

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
      'Run every fixture: valid ones must give no issues and the listed canonical_hash; invalid ones exactly the listed codes.',
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
    fixtures: conformanceFixtures(ctx.site),
    exchange_fixtures: exchangeFixtures(ctx.site),
  };
}
