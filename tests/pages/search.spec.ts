import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AXE_TAGS, watchErrors } from './helpers.ts';

/**
 * Site search (issue 18, item 2): the Pagefind index written by the build, searched from the box
 * in every page's header; a result lands on the anchor of the row that holds the key or code.
 */
const search = async (page: Page, term: string) => {
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await box.fill(term);
  return page.locator('#site-search-results a');
};

test('an issue code lands on its row of the error registry (keyboard)', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/');
  const results = await search(page, 'delivery.expiry_not_after_issue');
  await expect(results.first()).toHaveAttribute('href', '/error-registry/#delivery.expiry_not_after_issue');
  await expect(page.locator('#site-search-status')).toHaveText(/results? for delivery\.expiry_not_after_issue/);
  await page.keyboard.press('ArrowDown');
  await expect(results.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/error-registry\/#delivery\.expiry_not_after_issue$/);
  const row = page.locator('tr:target');
  await expect(row).toHaveId('delivery.expiry_not_after_issue');
  await expect(row).toBeInViewport();
  expect(problems).toEqual([]);
});

test('an error code lands on its row, from a page of the same registry', async ({ page }) => {
  await page.goto('/error-registry/');
  const results = await search(page, 'request.method_not_allowed');
  await expect(results.first()).toHaveAttribute('href', '/error-registry/#request.method_not_allowed');
  await results.first().click();
  await expect(page.locator('tr:target')).toHaveId('request.method_not_allowed');
  await expect(page.locator('.search-panel')).toBeHidden();
});

test('a field key lands on its row in a field table', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/catalog/');
  const results = await search(page, 'requested_profile');
  await expect(results.first()).toHaveAttribute('href', /#field-[^#]+-requested_profile$/);
  await expect(results.first()).toContainText('requested_profile');
  await results.first().click();
  const row = page.locator('tr:target');
  await expect(row).toHaveId(/^field-.+-requested_profile$/);
  await expect(row.locator('th code.key')).toHaveText('requested_profile');
  await expect(row).toBeInViewport();
  expect(problems).toEqual([]);
});

test('a profile name finds its page', async ({ page }) => {
  await page.goto('/');
  await search(page, 'uai.task.status.v1');
  // The profile's page and its registry entry (an anchor named by the id) both come first.
  const page1 = page.locator('#site-search-results li:nth-child(-n+2) a[href="/profiles/uai.task.status.v1/"]');
  await expect(page1).toContainText('Task status');
  await expect(
    page.locator('#site-search-results li:nth-child(-n+2) a[href="/registry/#uai.task.status.v1"]'),
  ).toBeVisible();
  await page1.click();
  await expect(page.locator('h1')).toHaveText('Task status');
});

test('the open search panel is accessible; Escape closes it; no results say so', async ({ page }) => {
  await page.goto('/conformance-levels/');
  const results = await search(page, 'keyless');
  await expect(results.first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page }).include('[data-site-search]').withTags(AXE_TAGS).analyze();
    expect(axe.violations.map((v) => `${scheme} ${v.id}`)).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('.search-panel')).toBeHidden();
  await search(page, 'zzqqxxnotaword');
  await expect(page.locator('#site-search-status')).toHaveText('No results for zzqqxxnotaword');
});

test('the search box is on the 404 page too', async ({ page }) => {
  await page.goto('/no-such-page/');
  const results = await search(page, 'route.not_found');
  await expect(results.first()).toHaveAttribute('href', '/error-registry/#route.not_found');
});

test("the status line counts the results listed, in the page's language", async ({ page }) => {
  const said: Record<string, (n: number, term: string) => string> = {
    en: (n, term) =>
      n === 0 ? `No results for ${term}` : n === 1 ? `One result for ${term}` : `${n} results for ${term}`,
    fr: (n, term) =>
      n === 0 ? `Aucun résultat pour ${term}` : n === 1 ? `Un résultat pour ${term}` : `${n} résultats pour ${term}`,
    es: (n, term) =>
      n === 0
        ? `Ningún resultado para ${term}`
        : n === 1
          ? `Un resultado para ${term}`
          : `${n} resultados para ${term}`,
    'zh-cn': (n, term) => (n === 0 ? `没有与 ${term} 相关的结果` : `${term} 有 ${n} 个结果`),
  };
  const counts = new Set<number>();
  for (const [locale, line] of Object.entries(said)) {
    await page.goto(locale === 'en' ? '/conformance-levels/' : `/${locale}/conformance-levels/`);
    const status = page.locator('#site-search-status');
    // Pagefind's Chinese index answers zzqqxxnotaword (it splits Latin words there): qjxqjxqjx is nowhere.
    for (const term of ['keyless', 'delivery.expiry_not_after_issue', 'apache', 'glossary', 'qjxqjxqjx']) {
      await page.locator('#site-search-input').fill(term);
      // The list and the status line change together (one call of show()): wait for this term's, then compare them.
      await expect(status).toContainText(term);
      const n = await page.locator('#site-search-results a').count();
      counts.add(Math.min(n, 2));
      await expect(status).toHaveText(line(n, term));
    }
  }
  // No result, one, and more than one were each seen.
  expect([...counts].sort()).toEqual([0, 1, 2]);
});
