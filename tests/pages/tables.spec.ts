import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PROFILE_PAGES } from '../../src/service/pages.ts';

/**
 * Field and code tables on a phone (issue 18, item 1; issue 11, item 9): keys and codes never
 * break inside a word. A line break inside a key may fall only after `_` or `.`, and a key shorter
 * than 20 characters stays on one line. No page scrolls sideways.
 */
// Chinese prose wraps between any two characters; its keys must still break only after `_` or `.`.
const PAGES_WITH_KEYS = [
  ...PROFILE_PAGES.map((p) => p.path),
  '/field-registry/',
  '/error-registry/',
  '/zh-cn/field-registry/',
  '/zh-cn/error-registry/',
];
const SHOTS = 'test-results/screenshots';

interface KeyLayout {
  text: string;
  lines: number;
  /** The characters a line ends with, where a key wraps. */
  breaksAfter: string[];
}

/** For every key in a table: how many lines it spans and after which characters it wraps. */
const keyLayouts = (page: Page): Promise<KeyLayout[]> =>
  page.locator('table code.key').evaluateAll((keys) =>
    keys.map((key) => {
      const chars: { char: string; top: number }[] = [];
      const walker = document.createTreeWalker(key, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ char: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      const breaksAfter = chars.slice(1).flatMap((c, i) => (c.top > chars[i]!.top ? [chars[i]!.char] : []));
      return { text: key.textContent ?? '', lines: breaksAfter.length + 1, breaksAfter };
    }),
  );

const pageScroll = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));

test.describe('390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of PAGES_WITH_KEYS) {
    test(`keys never break inside a word on ${path}`, async ({ page }) => {
      await page.goto(path);
      const layouts = await keyLayouts(page);
      expect(layouts.length).toBeGreaterThan(5);
      expect(layouts.filter((k) => k.text.length < 20 && k.lines > 1)).toEqual([]);
      expect(layouts.filter((k) => k.breaksAfter.some((c) => c !== '_' && c !== '.'))).toEqual([]);
      const { scrollWidth, clientWidth } = await pageScroll(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    });
  }

  test('a profile page at 390 px (screenshot)', async ({ page }) => {
    await page.goto('/profiles/uai.intent.request.v1/#fields');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/profile-fields-390.png` });
    // Each field is a block of its own: the key row is as wide as the table.
    const row = page.locator('#field-uai\\.intent\\.request\\.v1-requested_profile');
    const [rowBox, keyCell] = [await row.boundingBox(), await row.locator('th').boundingBox()];
    expect(keyCell!.width).toBeGreaterThan(rowBox!.width * 0.8);
  });
});

test('at desktop width every key of a profile page is on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profiles/uai.intent.request.v1/');
  const layouts = await keyLayouts(page);
  expect(layouts.length).toBeGreaterThan(5);
  expect(layouts.filter((k) => k.lines > 1)).toEqual([]);
});

test('a table wider than its box shows that it scrolls, and which way', async ({ page }) => {
  // A table that does not stack (the catalog's routes) scrolls in its box on a narrow screen;
  // an inset shadow marks each side that has more to see.
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/catalog/');
  const box = page.locator('.table-wrap', { has: page.locator('th', { hasText: 'Purpose' }) });
  expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
  await expect(box).toHaveClass(/\bmore-right\b/);
  await expect(box).not.toHaveClass(/\bmore-left\b/);
  expect(await box.evaluate((b) => getComputedStyle(b).boxShadow)).toContain('inset');
  await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
  await expect(box).toHaveClass(/\bmore-left\b/);
  await expect(box).not.toHaveClass(/\bmore-right\b/);
  expect(await box.evaluate((b) => b.tabIndex)).toBe(0);
});
