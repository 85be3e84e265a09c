import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PAGES } from '../../src/service/pages.ts';
import { AXE_TAGS, watchErrors, type CatalogPage } from './helpers.ts';

/**
 * Every page of the catalog's page map (CONTRACT section 10): 200, a non-empty h1, a title and
 * description, a working link to its JSON twin, no console errors or failed requests, and no axe
 * violations under WCAG 2.1 A/AA.
 */
// The page map is the one in src/service/pages.ts; the first test proves the served catalog lists exactly it.
test('the catalog page map lists every page', async ({ request }) => {
  const catalog = await (await request.get('/v1/catalog')).json();
  expect(catalog.pages.map((p: CatalogPage) => p.path)).toEqual(PAGES.map((p) => p.path));
  expect(catalog.counts.pages).toBe(PAGES.length);
});

for (const { path } of PAGES) {
  test(`page ${path}: 200, h1, title, JSON twin, landmarks, no errors, no axe violations`, async ({
    page,
    request,
  }) => {
    const catalog = await (await request.get('/v1/catalog')).json();
    const entry = (catalog.pages as CatalogPage[]).find((p) => p.path === path)!;
    const problems = watchErrors(page);
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect((await page.locator('h1').first().textContent())?.trim()).toBeTruthy();
    expect((await page.title()).trim()).toBeTruthy();
    expect((await page.locator('meta[name="description"]').getAttribute('content'))?.trim()).toBeTruthy();
    // A record's twin is a link; a playground's twin (a POST route) is named, not linked (a click would get a 405).
    const twin = await page.locator('[data-json-twin]').getAttribute('data-json-twin');
    expect(twin).toBe(entry.record_url);
    const route = catalog.routes.find((r: { url: string }) => r.url === twin);
    const answer = await request.get(new URL(twin!).pathname);
    if (route?.kind === 'action') {
      // The twin of a playground is its POST route: it exists, and says which method it takes. The
      // reference server's POST route shares its URL with a GET (its capability statement): 200 there.
      const get = catalog.routes.find((r: { url: string; method: string }) => r.url === twin && r.method === 'GET');
      if (get) expect(answer.status()).toBe(200);
      else {
        expect(answer.status()).toBe(405);
        expect(answer.headers()['allow']).toContain('POST');
      }
      await expect(page.locator(`a[href="${twin}"]`)).toHaveCount(0);
    } else {
      expect(answer.status()).toBe(200);
      expect(await page.locator('[data-json-twin]').getAttribute('href')).toBe(twin);
    }
    for (const landmark of ['header', 'nav', 'main', 'footer'])
      await expect(page.locator(landmark).first()).toBeAttached();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      const violations = axe.violations.map(
        (v) =>
          `${scheme} ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
      expect(violations).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('the 404 page is served for an unknown page, accessible', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('profile pages have a field row anchor for every field, and the example copies', async ({ page }) => {
  await page.goto('/profiles/uai.intent.request.v1/');
  await expect(page.locator('#field-uai\\.intent\\.request\\.v1-intent')).toBeVisible();
  await expect(page.locator('#field-request_parameters-include_schema')).toBeVisible();
  await expect(page.locator('#example-message')).toContainText('"uai_version": "1.0"');
  const copy = page.locator('button[data-copy="example-message"]');
  await copy.click();
  await expect(copy).toHaveText(/Copied|Selected/);
});

test('the error registry has one anchor per issue and error code', async ({ page, request }) => {
  const registry = await (await request.get('/v1/error-registry')).json();
  await page.goto('/error-registry/');
  const codes: string[] = [...registry.issue_codes, ...registry.error_codes].map((c: { code: string }) => c.code);
  const ids = await page.evaluate((list) => list.filter((code) => document.getElementById(code) === null), codes);
  expect(ids).toEqual([]);
  for (const item of registry.issue_codes) expect(new URL(item.help_url).hash).toBe(`#${item.code}`);
});

test('download links of the adoption kit and the conformance pack', async ({ page }) => {
  await page.goto('/adoption-kit/');
  const kit = page.locator('a[download="uai-1-adoption-kit.json"]');
  expect(new URL((await kit.getAttribute('href'))!).pathname + new URL((await kit.getAttribute('href'))!).search).toBe(
    '/v1/adoption-kit?download=1',
  );
  const [kitDownload] = await Promise.all([page.waitForEvent('download'), kit.click()]);
  expect(kitDownload.suggestedFilename()).toBe('uai-1-adoption-kit.json');

  await page.goto('/conformance-pack/');
  const pack = page.locator('a[download="uai-1-conformance-pack.json"]');
  const [packDownload] = await Promise.all([page.waitForEvent('download'), pack.click()]);
  expect(packDownload.suggestedFilename()).toBe('uai-1-conformance-pack.json');
});
