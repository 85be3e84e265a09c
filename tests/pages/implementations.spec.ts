import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AXE_TAGS, watchErrors } from './helpers.ts';

/**
 * The report of implementations as a reader sees it: the matrix and the summary with each entry's
 * level and verdicts (the test build adds the two fixture entries, UAI_IMPLEMENTATION_FIXTURES),
 * the filters, one page per implementation with its failures and badge, at phone width, with no
 * axe violation and with the badges embedded.
 */
const ENTRY_PAGES = [
  '/implementations/reference-server/',
  '/implementations/acme-agent/',
  '/implementations/broken-agent/',
];

test('the summary and the matrix show each level and verdict', async ({ page }) => {
  await page.goto('/implementations/');
  const row = (id: string) => page.locator(`#impl-${id}`);
  await expect(row('reference-server')).toContainText('L4');
  await expect(row('acme-agent')).toContainText('L3');
  await expect(row('acme-agent')).toContainText('pass');
  await expect(row('broken-agent')).toContainText('L1');
  await expect(row('broken-agent')).toContainText('fail');
  // The matrix cell of exchange.sequence for the broken agent says fail; the reference server's passes.
  const sequenceRow = page.locator('tr', { has: page.locator('code.key', { hasText: /^exchange\.sequence$/ }) });
  await expect(sequenceRow.locator('td[data-impl="broken-agent"]')).toHaveText(/fail/);
  await expect(sequenceRow.locator('td[data-impl="reference-server"]')).toHaveText(/pass/);
});

test('filters by level and side', async ({ page }) => {
  await page.goto('/implementations/');
  await page.selectOption('select[name="level"]', { label: 'L3' });
  await expect(page.locator('#impl-broken-agent')).toBeHidden();
  await expect(page.locator('#impl-acme-agent')).toBeVisible();
  await expect(page.locator('th[data-impl="broken-agent"]')).toBeHidden();
  await expect(page.locator('#impl-shown')).toHaveText('2 shown');
  await page.selectOption('select[name="level"]', { label: 'any' });
  await page.selectOption('select[name="side"]', 'client');
  await expect(page.locator('#impl-shown')).toHaveText('0 shown');
});

for (const path of ['/implementations/', '/get-listed/', ...ENTRY_PAGES]) {
  test(`${path} reads at 390 px and passes axe`, async ({ page }) => {
    const problems = watchErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(
        axe.violations.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      ).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('an implementation page shows its failures with evidence, its badge and the Markdown to paste', async ({
  page,
}) => {
  await page.goto('/implementations/broken-agent/');
  await expect(page.locator('#check-exchange\\.sequence')).toContainText('conversation.sequence must be');
  const badge = page.locator('img[src="/implementations/broken-agent/badge.svg"]');
  await expect(badge).toHaveAttribute('alt', 'Broken Agent: UAI-1 L1, fail');
  expect(await badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('#badge-markdown')).toContainText('/implementations/broken-agent/badge.svg');
  await expect(page.locator('#badge-shields')).toContainText('https://img.shields.io/endpoint?url=');
  const svg = await page.request.get('/implementations/broken-agent/badge.svg');
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
});

test('the report reads in each language: labels, filter count and links to the implementation pages', async ({
  page,
}) => {
  await page.goto('/fr/implementations/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('#summary')).toHaveText('Résumé');
  await expect(page.locator('#impl-broken-agent')).toContainText('échoué');
  await page.selectOption('select[name="level"]', { label: 'L3' });
  await expect(page.locator('#impl-shown')).toHaveText('2 affichées');
  await page.locator('#impl-acme-agent a').first().click();
  await expect(page).toHaveURL(/\/fr\/implementations\/acme-agent\/$/);

  await page.goto('/zh-cn/implementations/broken-agent/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('[data-locale-banner]')).toBeVisible();
  await expect(page.locator('#failures')).toHaveText('失败项');
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
    'href',
    /\/es\/implementations\/broken-agent\/$/,
  );
  // Keys, evidence and the badge's Markdown stay as they are in English.
  await expect(page.locator('#check-exchange\\.sequence')).toContainText('conversation.sequence must be');
  await expect(page.locator('#badge-markdown')).toContainText('Broken Agent: UAI-1 L1, fail');
});
