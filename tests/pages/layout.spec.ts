import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PAGES } from '../../src/service/pages.ts';

const SHOTS = 'test-results/screenshots';

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  const pages = [
    { path: '/', shot: 'home-360.png' },
    { path: '/profiles/uai.intent.request.v1/', shot: 'profile-360.png' },
    { path: '/playground/validate/', shot: 'playground-validate-360.png' },
    { path: '/field-registry/', shot: 'field-registry-360.png' },
    { path: '/api/', shot: 'api-360.png' },
  ];
  for (const { path, shot } of pages) {
    test(`no horizontal scroll on ${path}`, async ({ page }) => {
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: false });
    });
  }
});

test('screenshots of home and a profile page at desktop width', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.screenshot({ path: `${SHOTS}/home.png`, fullPage: true });
  await page.goto('/profiles/uai.intent.request.v1/');
  await page.screenshot({ path: `${SHOTS}/profile-uai.intent.request.v1.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await page.screenshot({ path: `${SHOTS}/home-dark.png` });
});

test('keyboard: the skip link is the first stop and moves focus to main', async ({ page }) => {
  await page.goto('/catalog/');
  await page.keyboard.press('Tab');
  const skip = page.locator('a.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

/** Record pages (everything but the playgrounds) ship at most 20 KB of JavaScript, inline scripts included. */
const BUDGET = 20 * 1024;
for (const { path } of PAGES.filter((p) => !p.path.startsWith('/playground/'))) {
  test(`record page ${path} ships at most 20 KB of JavaScript`, async ({ page }) => {
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') sizes.push(response.body().then((b) => b.length));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !(s as HTMLScriptElement).type || /javascript|module/.test((s as HTMLScriptElement).type))
        .reduce((n, s) => n + new TextEncoder().encode(s.textContent ?? '').length, 0),
    );
    const external = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    expect(inline + external).toBeLessThanOrEqual(BUDGET);
  });
}

// Long pages defer style and layout of their sections until they near the viewport
// (`.offscreen-section`, content-visibility: auto); a link into the last of them still lands on it.
for (const path of ['/field-registry/', '/api/', '/error-registry/']) {
  test(`a link into the last deferred section of ${path} lands on its target`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const target = await page.evaluate(() => {
      const sections = document.querySelectorAll('.offscreen-section');
      const last = sections[sections.length - 1];
      return { count: sections.length, id: last?.querySelector('[id]')?.id ?? last?.id };
    });
    expect(target.count).toBeGreaterThan(5);
    expect(target.id).toBeTruthy();
    await page.goto(`${path}#${target.id}`);
    const element = page.locator(`[id="${target.id}"]`);
    await expect(element).toBeInViewport();
    const top = await element.evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeLessThan(100);
  });
}

// A deferred section that gives its row count (`.by-rows`) reserves at least its real height
// before it is laid out: a shorter guess lets the skipped rows' boxes overflow onto the footer,
// which axe reports as overlapped links. Measured on phones and desktop, in every language.
for (const width of [320, 412, 767, 768, 1024, 1350]) {
  test(`deferred sections of the error registry reserve their height at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const prefix of ['', '/es', '/fr', '/zh-cn']) {
      await page.goto(`${prefix}/error-registry/`);
      const sections = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.offscreen-section.by-rows')].map((section) => {
          const reserved = parseFloat(getComputedStyle(section).containIntrinsicHeight.replace(/^auto\s+/, ''));
          section.style.contentVisibility = 'visible';
          return {
            rows: section.style.getPropertyValue('--rows'),
            reserved,
            real: section.getBoundingClientRect().height,
          };
        }),
      );
      expect(sections.length, prefix).toBe(7);
      for (const s of sections) {
        expect(s.reserved, `${prefix} --rows: ${s.rows}`).toBeGreaterThan(0);
        expect(s.real, `${prefix} --rows: ${s.rows}`).toBeLessThanOrEqual(s.reserved);
      }
    }
  });
}
