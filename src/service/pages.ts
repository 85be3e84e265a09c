import { PROFILES } from '../standard/profiles.ts';

/** The human page map (CONTRACT section 10): every page, the record it shows, and its JSON twin route. */
export interface PageEntry {
  readonly title: string;
  readonly path: string;
  /** Route id of the record the page shows (its JSON twin). */
  readonly record: string;
  readonly description: string;
}

export const STATIC_PAGES: readonly PageEntry[] = [
  {
    title: 'UAI-1',
    path: '/',
    record: 'catalog',
    description: 'What UAI-1 is, the recommended call order and quick links.',
  },
  {
    title: 'Catalog',
    path: '/catalog/',
    record: 'catalog',
    description: 'Every route of the REST surface and every page.',
  },
  {
    title: 'Discovery',
    path: '/discovery/',
    record: 'discovery',
    description: 'Release metadata and the profile inventory.',
  },
  { title: 'Profiles', path: '/profiles/', record: 'schemas', description: 'The six profiles and their JSON Schemas.' },
  {
    title: 'Registry',
    path: '/registry/',
    record: 'registry',
    description: 'Profile identifiers, status, pairing and artifacts.',
  },
  {
    title: 'Field registry',
    path: '/field-registry/',
    record: 'field-registry',
    description: 'Fields, value sets and keyless order maps.',
  },
  {
    title: 'Transport bindings',
    path: '/transport-bindings/',
    record: 'transport-bindings',
    description: 'How messages travel.',
  },
  {
    title: 'Trust channels',
    path: '/trust-channels/',
    record: 'trust-channels',
    description: 'Trust postures and their references.',
  },
  {
    title: 'Conformance levels',
    path: '/conformance-levels/',
    record: 'conformance-levels',
    description: 'The L0 to L4 ladder of support claims.',
  },
  {
    title: 'Error registry',
    path: '/error-registry/',
    record: 'error-registry',
    description: 'Every issue code and error code, with fixes.',
  },
  { title: 'Examples', path: '/examples/', record: 'examples', description: 'One valid example message per profile.' },
  {
    title: 'Roadmap',
    path: '/roadmap/',
    record: 'roadmap',
    description: 'What is current, next, planned and in research.',
  },
  {
    title: 'Adoption kit',
    path: '/adoption-kit/',
    record: 'adoption-kit',
    description: 'Starter files in four languages and the first packet.',
  },
  {
    title: 'Conformance pack',
    path: '/conformance-pack/',
    record: 'conformance-pack',
    description: 'Schemas, registries and fixtures in one download.',
  },
  {
    title: 'API reference',
    path: '/api/',
    record: 'openapi',
    description: 'Every route, rendered from the OpenAPI document.',
  },
  {
    title: 'Playgrounds',
    path: '/playground/',
    record: 'openapi',
    description: 'Try the validator, the mock exchange and the exchange check in the browser.',
  },
  {
    title: 'Validator playground',
    path: '/playground/validate/',
    record: 'validate',
    description: 'Validate a message in the browser.',
  },
  {
    title: 'Mock-exchange playground',
    path: '/playground/mock-exchange/',
    record: 'mock-exchange',
    description: 'Run a mock exchange in the browser.',
  },
  {
    title: 'Exchange-check playground',
    path: '/playground/check-exchange/',
    record: 'check-exchange',
    description: 'Check a request and its response against the exchange rules.',
  },
  {
    title: 'Test your implementation',
    path: '/test-your-implementation/',
    record: 'reference-server',
    description: 'Run the UAI-1 test kit against your own server.',
  },
  {
    title: 'Implementations',
    path: '/implementations/',
    record: 'implementations',
    description: 'Who implements UAI-1: verified test-kit results by check, level and side, with badges.',
  },
  {
    title: 'Get listed',
    path: '/get-listed/',
    record: 'implementations',
    description: 'How to add your implementation to the report: run the kit, add two files.',
  },
];

/** One page per profile; its JSON twins are the schema, registry entry and example. */
export const PROFILE_PAGES: readonly PageEntry[] = PROFILES.map((p) => ({
  title: `${p.title} (${p.id})`,
  path: `/profiles/${p.id}/`,
  record: 'schema',
  description: p.summary,
}));

export const PAGES: readonly PageEntry[] = [...STATIC_PAGES, ...PROFILE_PAGES];
