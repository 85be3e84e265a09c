import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ISSUE_CODES } from '../../src/standard/codes.ts';
import { PAGES } from '../../src/service/pages.ts';
import { PROFILES } from '../../src/standard/profiles.ts';
import { ROUTES } from '../../src/service/routes.ts';
import { checkExchangeAction, type CheckExchangeResult } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { allRecordFiles, distFileForUrl, exists, ORIGIN, readRecord, strings } from './dist.ts';

describe('the static build (dist/)', () => {
  const catalog = readRecord('/catalog');

  it('lists every route of the spec in the catalog', () => {
    const SPEC_ROUTES = [
      'GET /v1/catalog',
      'GET /v1/discovery',
      'GET /v1/schemas',
      'GET /v1/schemas/{profile}',
      'GET /v1/registry',
      'GET /v1/registry/{profile}',
      'GET /v1/field-registry',
      'GET /v1/transport-bindings',
      'GET /v1/trust-channels',
      'GET /v1/conformance-levels',
      'GET /v1/error-registry',
      'GET /v1/examples',
      'GET /v1/examples/{profile}',
      'GET /v1/adoption-kit',
      'GET /v1/adoption-kit?download=1',
      'GET /v1/roadmap',
      'GET /v1/openapi.json',
      'GET /v1/conformance-pack',
      'POST /v1/validate',
      'POST /v1/mock-exchange',
    ];
    // Additive routes beyond the spec (CONTRACT: additions are welcome, removals are not).
    const ADDED = [
      'POST /v1/check-exchange',
      'POST /v1/reference-server',
      'GET /v1/reference-server',
      'GET /v1/reference-server/tasks/{task_ref}',
      'GET /v1/implementations',
    ];
    expect(catalog.routes).toHaveLength(ROUTES.length);
    const keys = catalog.routes.map((r: any) => `${r.method} ${r.path}`);
    expect(keys.toSorted()).toEqual([...SPEC_ROUTES, ...ADDED].toSorted());
  });

  it('has a file for every GET record the catalog lists, with {profile} expanded', () => {
    const missing = catalog.record_urls.filter((url: string) => !exists(distFileForUrl(url)));
    expect(missing).toEqual([]);
    // One file per GET route; a {profile} route one per profile (the schema route also the shared envelope).
    const expected = ROUTES.filter((r) => r.kind === 'record' && !r.path.includes('?')).reduce(
      (n, r) => n + (!r.path.includes('{profile}') ? 1 : r.id === 'schema' ? PROFILES.length + 1 : PROFILES.length),
      0,
    );
    expect(catalog.record_urls.length).toBe(expected);
    for (const route of catalog.routes.filter((r: any) => r.kind === 'record')) {
      const url = route.url.replace('{profile}', PROFILES[0]!.id);
      expect(exists(distFileForUrl(url)), url).toBe(true);
    }
  });

  /** Paths a function answers (kind action or function), a `{...}` parameter matching any segment rest. */
  const functionPaths = ROUTES.filter((r) => r.kind !== 'record').map(
    (r) => `/v1${r.path.replace(/\{[a-z_]+\}$/, '')}`,
  );
  const servedByFunction = (path: string) =>
    functionPaths.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));

  it('links only to routes and pages that exist', () => {
    const broken: string[] = [];
    for (const [file, json] of allRecordFiles()) {
      for (const [pointer, value] of strings(json)) {
        if (!value.startsWith(ORIGIN)) continue;
        if (value === `${ORIGIN}/v1`) continue; // base_url, the REST base itself: not a route
        if (/\{profile\}/.test(value)) continue; // a route template in the catalog and OpenAPI
        if (servedByFunction(new URL(value).pathname)) continue; // actions and function GETs have no file
        const target = distFileForUrl(value.split('#')[0]!);
        if (!exists(target)) broken.push(`${file}${pointer}: ${value}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reports counts equal to the real numbers', () => {
    const c = catalog.counts;
    expect(c.routes).toBe(ROUTES.length);
    expect(c.profiles).toBe(readRecord('/registry').profiles.length);
    expect(c.schemas).toBe(readRecord('/schemas').schemas.length);
    expect(c.examples).toBe(readRecord('/examples').examples.length);
    expect(c.issue_codes).toBe(readRecord('/error-registry').issue_codes.length);
    expect(c.error_codes).toBe(readRecord('/error-registry').error_codes.length);
    expect(c.bindings).toBe(readRecord('/transport-bindings').bindings.length);
    expect(c.trust_channels).toBe(readRecord('/trust-channels').channels.length);
    expect(c.levels).toBe(readRecord('/conformance-levels').levels.length);
    expect(c.pages).toBe(catalog.pages.length);
    expect(c.issue_codes).toBe(ISSUE_CODES.length);
    expect(c.error_codes).toBe(ERROR_CODES.length);
    expect(c.pages).toBe(PAGES.length);
  });

  it('has a built page for every entry of the page map, and each record names its page', () => {
    for (const page of catalog.pages) expect(exists(distFileForUrl(page.url)), page.url).toBe(true);
    for (const [file, json] of allRecordFiles()) {
      const rec = json as Record<string, unknown>;
      if ('record' in rec) expect(typeof rec.html_url, file).toBe('string');
    }
  });

  it('describes in the pack every member its fixtures carry', () => {
    const pack = readRecord('/conformance-pack');
    const kinds = {
      valid: pack.fixtures.valid,
      invalid: pack.fixtures.invalid,
      exchange: [...pack.exchange_fixtures.valid, ...pack.exchange_fixtures.invalid],
    };
    for (const [kind, fixtures] of Object.entries(kinds)) {
      const described = new Set(Object.keys(pack.fixture_format[kind]));
      const members = new Set<string>(fixtures.flatMap((f: object) => Object.keys(f)));
      const undescribed = [...members].filter((m) => !described.has(m));
      expect(undescribed, kind).toEqual([]);
    }
  });

  it('judges each exchange fixture as its fails say when it is sent as fixture_format tells a runner', () => {
    const pack = readRecord('/conformance-pack');
    // "send every member but id, description and fails": taken from the pack, not from the engine's types.
    expect(pack.fixture_format.exchange.fails).toMatch(/send every member but id, description and fails/);
    const fixtures = [...pack.exchange_fixtures.valid, ...pack.exchange_fixtures.invalid];
    expect(fixtures.some((f: Record<string, unknown>) => 'previous' in f)).toBe(true);
    for (const { id, description: _d, fails, ...body } of fixtures) {
      const outcome = checkExchangeAction(body, { site: siteFor(ORIGIN), now: () => new Date() });
      if (!outcome.ok) throw new Error(`${id}: refused`);
      const { verdicts } = (outcome.body as CheckExchangeResult).exchange;
      const failed = verdicts.filter((v) => v.status === 'fail').map((v) => v.id);
      expect(failed, id).toEqual(fails);
    }
  });

  it('serves the adoption-kit download twin byte-identical to the kit', () => {
    expect(readRecord('/downloads/uai-1-adoption-kit.json')).toEqual(readRecord('/adoption-kit'));
  });

  it('publishes the manifest fields of spec 2.6 in the adoption kit', () => {
    const kit = readRecord('/adoption-kit');
    expect(kit.adoption_kit_url).toBe(`${ORIGIN}/v1/adoption-kit`);
    expect(kit.download_url).toBe(`${ORIGIN}/v1/adoption-kit?download=1`);
    expect(kit.starter_files).toBe(7);
    expect(kit.language_starters).toBe(4);
    expect(kit.files).toHaveLength(7);
    expect(kit.first_packet_profile).toBe('uai.intent.request.v1');
    expect(kit.proof.valid).toBe(true);
  });

  it("names in the kit's starters only the service it was built for (CONTRACT section 1)", () => {
    const kit = readRecord('/adoption-kit');
    const starters = kit.files.filter((f: { language?: string }) => f.language !== undefined);
    expect(starters).toHaveLength(4);
    const addresses = starters.flatMap((f: { content: string }) => f.content.match(/\bhttps?:\/\/[^\s"'`)]+/g) ?? []);
    expect(addresses.length).toBeGreaterThan(4);
    expect(addresses.filter((a: string) => !a.startsWith(`${ORIGIN}/`))).toEqual([]);
  });
});
