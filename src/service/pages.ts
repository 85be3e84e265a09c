import { PROFILES } from '../standard/profiles.ts';

/**
 * Every page of the site, in one module: the page map (CONTRACT section 10: every page, the
 * record it shows, its JSON twin route), the site's own pages no record lists, and the data pages
 * made from the report. The locale route, the header table, the redirects and the tests all read
 * these lists; nothing else lists pages.
 */

/** A page of the page map. */
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

/**
 * Pages of the site that no /v1 record lists (the catalog's page map stays as published): the
 * translation status and the glossary. Their JSON twins are static files beside them, not records.
 */
export interface SitePage {
  readonly path: string;
  /** Path of its JSON twin (an English file, like every record). */
  readonly twin: string;
}

export const SITE_PAGES: readonly SitePage[] = [
  { path: '/translation-status/', twin: '/translation-status.json' },
  { path: '/glossary/', twin: '/glossary.json' },
];

export const sitePage = (path: string): SitePage | undefined => SITE_PAGES.find((p) => p.path === path);

/**
 * Pages generated from data rather than listed in the page map: one per implementation of the
 * report (`/implementations/<id>/`, ids as docs/implementations.md says). They are pages like any
 * other: in every language, in the sitemap, with a Link header naming their alternates and twin.
 */
const IMPLEMENTATION_PAGE = /^\/implementations\/([a-z0-9]+(?:-[a-z0-9]+)*)\/$/;

/** The English path of an implementation's page. */
export const implementationPage = (id: string): string => `/implementations/${id}/`;

/** The implementation id an English page path shows, if it is an implementation's page. */
export const implementationOfPage = (path: string): string | undefined => IMPLEMENTATION_PAGE.exec(path)?.[1];

/** The JSON twin of every data page: the record that lists it. */
export const DATA_PAGE_TWIN = '/v1/implementations';

/** The data pages of a built report (the text of dist/v1/implementations.json): one per listed implementation. */
export const dataPagesOfReport = (reportJson: string): string[] =>
  (JSON.parse(reportJson) as { implementations: { id: string }[] }).implementations.map((i) =>
    implementationPage(i.id),
  );

/** English paths of every page that has translations: the page map's and the site's own. */
export const LOCALIZED_PAGES: readonly string[] = [...PAGES.map((p) => p.path), ...SITE_PAGES.map((p) => p.path)];
