/**
 * The roadmap (spec section 9): current lists only what this service does today; later tracks
 * are plans, never support claims.
 */
export interface RoadmapItem {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
}

export interface Roadmap {
  readonly current: readonly RoadmapItem[];
  readonly next: readonly RoadmapItem[];
  readonly planned: readonly RoadmapItem[];
  readonly research: readonly RoadmapItem[];
}

export const ROADMAP: Roadmap = {
  current: [
    {
      id: 'profiles-v1',
      title: 'Six v1 profiles',
      summary:
        'Intent request and response, task status, typed error, capability statement and conformance result, at version v1.',
    },
    {
      id: 'validator',
      title: 'Live validator',
      summary:
        'POST /v1/validate checks keyed and keyless messages and returns results, conformance records and SARIF.',
    },
    {
      id: 'mock-exchange',
      title: 'Mock exchange',
      summary:
        'POST /v1/mock-exchange answers intent requests with accepted-task, completed-response and typed-error scenarios.',
    },
    {
      id: 'keyless-transport',
      title: 'Keyless transport',
      summary: 'Compact field order maps for every object, with keyless validation.',
    },
    { id: 'conformance-pack', title: 'Conformance pack', summary: 'Schemas, registries and fixtures in one bundle.' },
    {
      id: 'offline-cli',
      title: 'Offline validator CLI',
      summary: 'uai validate runs the same engine without a network.',
    },
    {
      id: 'task-status-polling',
      title: 'Task status polling on the reference server',
      summary: 'The reference server walks an accepted task through its states at a polling URL.',
    },
    {
      id: 'test-kit',
      title: 'Implementation test kit',
      summary:
        'uai test judges a live server and uai test-client a client by published checks, with a sealed conformance result.',
    },
    {
      id: 'package',
      title: 'Installable package and Action',
      summary:
        'The validator, exchange check and test kit as an npm package with no runtime dependency, and a GitHub Action.',
    },
    {
      id: 'implementations-report',
      title: 'Report of implementations',
      summary: 'Verified test-kit results of implementations, by check and level, with badges.',
    },
    {
      id: 'localized-pages',
      title: 'Localized pages',
      summary:
        'The human pages in Spanish, French and Simplified Chinese under locale prefixes, English authoritative; the /v1 REST base stays unprefixed and English.',
    },
  ],
  next: [
    {
      id: 'signature-verification',
      title: 'Signature verification',
      summary: 'Verify JWS detached signatures named by trust.signature_ref.',
    },
  ],
  planned: [
    {
      id: 'profiles-v2',
      title: 'v2 profile family',
      summary: 'A second profile version with a deprecation policy for v1.',
    },
  ],
  research: [
    { id: 'streaming-binding', title: 'Streaming binding', summary: 'Message streams over a long-lived connection.' },
    {
      id: 'selective-disclosure',
      title: 'Selective disclosure',
      summary: 'Proving fields of a message without revealing the rest.',
    },
  ],
};

/** Profile versions in the current track; any other version of a known profile is not current. */
export const CURRENT_PROFILE_VERSION = 'v1';
