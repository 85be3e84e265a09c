import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES, localeOf, localePath, splitLocale, TRANSLATED } from '../../src/service/locales.ts';
import { translator } from '../../src/i18n/index.ts';
import { AXE_TAGS, watchErrors } from './helpers.ts';

/**
 * The site in every language (issue 28): a walk of the sitemap checks each page's `<html lang>`,
 * its hreflang alternates and x-default, the banner of a translated page, the language switcher,
 * the Link header and that every anchor of the English page exists in each translation. Then in
 * the browser: the switcher keeps the anchor, axe on the home, a profile page and the field
 * registry in each language, no page scrolls sideways on a 390 px phone, and search stays in the
 * page's language.
 */
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0]);
const idsOf = (html: string): Set<string> => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!));

/** The sitemap's addresses, each with its `xhtml:link` alternates (hreflang to address). */
async function sitemapUrls(request: APIRequestContext): Promise<Map<string, Record<string, string>>> {
  const index = await (await request.get('/sitemap.xml')).text();
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const urls = new Map<string, Record<string, string>>();
  for (const m of maps) {
    const xml = await (await request.get(m)).text();
    for (const [entry] of xml.matchAll(/<url>[\s\S]*?<\/url>/g)) {
      const links = tags(entry, /<xhtml:link [^>]*>/g).map((t) => [attr(t, 'hreflang'), attr(t, 'href')]);
      urls.set(entry.match(/<loc>([^<]+)<\/loc>/)![1]!, Object.fromEntries(links));
    }
  }
  return urls;
}

test('every page of the sitemap: lang, alternates, banner, switcher, Link header, the anchors of its English page', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const sitemap = await sitemapUrls(request);
  const urls = [...sitemap.keys()];
  const origin = new URL(urls[0]!).origin;
  const byPath = new Map(urls.map((u) => [new URL(u).pathname, u]));
  const english = [...byPath.keys()].filter((p) => splitLocale(p).locale === 'en');
  expect(english.length).toBeGreaterThan(20);
  // Every English page has its three translations, and nothing else is listed.
  expect(byPath.size).toBe(english.length * LOCALES.length);
  const englishIds = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const locale of LOCALES) {
    for (const path of english) {
      const address = localePath(locale.code, path);
      const response = await request.get(address);
      if (response.status() !== 200) {
        problems.push(`${address}: ${response.status()}`);
        continue;
      }
      const html = await response.text();
      const note = (what: string) => problems.push(`${address}: ${what}`);
      if (attr(html.match(/<html[^>]*>/)![0], 'lang') !== locale.lang) note('lang');
      // hreflang alternates: one per language and x-default (English), absolute on the origin.
      const alternates = Object.fromEntries(
        tags(html, /<link rel="alternate" hreflang="[^"]*" href="[^"]*"[^>]*>/g).map((t) => [
          attr(t, 'hreflang'),
          attr(t, 'href'),
        ]),
      );
      const expected = Object.fromEntries([
        ...LOCALES.map((l) => [l.lang, `${origin}${localePath(l.code, path)}`]),
        ['x-default', `${origin}${path}`],
      ]);
      if (JSON.stringify(alternates) !== JSON.stringify(expected)) note(`alternates ${JSON.stringify(alternates)}`);
      // The sitemap lists the same alternates (it has no x-default: the English page is one of them).
      const { 'x-default': _, ...languages } = expected;
      const listed = sitemap.get(`${origin}${address}`);
      const inOrder = (o: Record<string, string> = {}) => JSON.stringify(Object.entries(o).sort());
      if (inOrder(listed) !== inOrder(languages)) note(`sitemap alternates ${JSON.stringify(listed)}`);
      const canonical = attr(html.match(/<link rel="canonical"[^>]*>/)?.[0] ?? '', 'href');
      if (canonical !== `${origin}${address}`) note(`canonical ${canonical}`);
      // The switcher: every language, at the same path, the current one marked.
      const switcher = html.match(/<nav class="locale-switcher"[\s\S]*?<\/nav>/)?.[0] ?? '';
      const links = tags(switcher, /<a [^>]*>/g);
      if (links.map((a) => attr(a, 'href')).join(' ') !== LOCALES.map((l) => localePath(l.code, path)).join(' '))
        note('switcher');
      if (
        links
          .filter((a) => a.includes('aria-current'))
          .map((a) => attr(a, 'hreflang'))
          .join() !== locale.lang
      )
        note('switcher current');
      // The banner: only on a translation, linking the English page.
      const banner = html.match(/<p class="locale-banner"[\s\S]*?<\/p>/)?.[0];
      if (
        locale.code === 'en'
          ? banner !== undefined
          : !banner?.includes(`hreflang="en"`) || !banner.includes(`href="${path}"`)
      )
        note('banner');
      // The Link header names the same alternates.
      const link = response.headers()['link'] ?? '';
      for (const l of LOCALES.filter((l) => l.code !== locale.code))
        if (!link.includes(`<${origin}${localePath(l.code, path)}>; rel="alternate"; hreflang="${l.lang}"`))
          note(`Link header ${l.code}`);
      // Anchors are the same in every language.
      const ids = idsOf(html);
      if (locale.code === 'en') englishIds.set(path, ids);
      else {
        const missing = [...englishIds.get(path)!].filter((id) => !ids.has(id));
        if (missing.length) note(`anchors missing: ${missing.slice(0, 5).join(' ')}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test("the original site's locale addresses redirect to this site's; records are not localized", async ({ request }) => {
  for (const [from, to] of [
    ['/es-es/field-registry/', '/es/field-registry/'],
    ['/es-us/', '/es/'],
    ['/fr-fr/profiles/uai.error.v1/', '/fr/profiles/uai.error.v1/'],
    ['/en-us/api/', '/api/'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()['location']).toBe(to);
  }
  expect((await request.get('/zh-cn/', { maxRedirects: 0 })).status()).toBe(200);
  for (const code of TRANSLATED) expect((await request.get(`/${code}/v1/catalog`)).status()).toBe(404);
});

test("an unknown address under a language's prefix is that language's 404 page, accessible", async ({ page }) => {
  for (const code of TRANSLATED) {
    const response = await page.goto(`/${code}/no-such-page/`);
    expect(response?.status(), code).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', localeOf(code).lang);
    await expect(page.locator('h1')).toHaveText(translator(code).t('notfound.title'));
    // Its links stay in its language.
    await expect(page.locator(`main a[href="/${code}/catalog/"]`)).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(
      axe.violations.map((v) => v.id),
      code,
    ).toEqual([]);
  }
  // A prefix that is no language of the site is an unknown English address.
  const response = await page.goto('/de/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the switcher and the banner keep the anchor', async ({ page }) => {
  const anchor = 'field-envelope-message_id';
  await page.goto(`/fr/field-registry/#${anchor}`);
  await expect(page.locator(`[id="${anchor}"]`)).toBeAttached();
  await page.locator('.locale-switcher a[hreflang="zh-CN"]').click();
  await expect(page).toHaveURL(new RegExp(`/zh-cn/field-registry/#${anchor}$`));
  await page.locator('.locale-banner a[hreflang="en"]').click();
  await expect(page).toHaveURL(new RegExp(`/field-registry/#${anchor}$`));
  expect(new URL(page.url()).pathname).toBe('/field-registry/');
});

for (const code of TRANSLATED) {
  for (const path of ['/', '/profiles/uai.intent.request.v1/', '/field-registry/']) {
    test(`${code}${path}: no axe violations, no errors`, async ({ page }) => {
      // axe over the field registry's 2,000 elements takes tens of seconds of CPU per scheme.
      test.setTimeout(240_000);
      const problems = watchErrors(page);
      await page.goto(localePath(code, path));
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        expect(axe.violations.map((v) => `${scheme} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      }
      expect(problems).toEqual([]);
    });
  }
}

test.describe('390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const code of TRANSLATED) {
    test(`no page of ${code} scrolls sideways`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const paths = [...(await sitemapUrls(request)).keys()]
        .map((u) => new URL(u).pathname)
        .filter((p) => splitLocale(p).locale === code);
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} > ${clientWidth}`);
      }
      expect(wide).toEqual([]);
    });
  }
});

test('search on a translated page searches that language', async ({ page }) => {
  const entry = await (await page.request.get('/pagefind/pagefind-entry.json')).json();
  expect(Object.keys(entry.languages).sort()).toEqual(['en', 'es', 'fr', 'zh-cn']);
  await page.goto('/zh-cn/');
  await page.locator('#site-search-input').fill('校验');
  const first = page.locator('#site-search-results a').first();
  // The first search loads the language's index and its WebAssembly: slow on a loaded machine.
  await expect(first).toBeVisible({ timeout: 30_000 });
  expect(new URL((await first.getAttribute('href'))!, page.url()).pathname).toMatch(/^\/zh-cn\//);
  await page.goto('/es/');
  await page.locator('#site-search-input').fill('registro de errores');
  await expect(page.locator('#site-search-results a').first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await page.locator('#site-search-results a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.every((h) => new URL(h!, page.url()).pathname.startsWith('/es/'))).toBe(true);
});

test("the validator playground shows an issue by its code in the page's language, the English message a click away", async ({
  page,
}) => {
  const problems = watchErrors(page);
  await page.goto('/fr/playground/validate/');
  const textarea = page.locator('#message');
  await expect(textarea).toHaveValue(/"uai_version": "1.0"/);
  await textarea.fill((await textarea.inputValue()).replace('"uai_version": "1.0"', '"uai_version": "2.0"'));
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  const issue = page.locator('li[data-issue="envelope.version_unsupported"]');
  await expect(issue.locator('span[lang="fr"] strong')).toHaveText('uai_version non prise en charge');
  await expect(issue.locator('span[lang="fr"]')).toContainText('Donnez à uai_version la valeur "1.0".');
  const english = issue.locator('details.english-message');
  await expect(english.locator('span[lang="en"]')).toBeHidden();
  await english.locator('summary').click();
  await expect(english.locator('span[lang="en"]')).toBeVisible();
  await expect(english.locator('span[lang="en"]')).toContainText('uai_version');
  await expect(issue.locator('a[data-code]')).toHaveAttribute(
    'href',
    '/fr/error-registry/#envelope.version_unsupported',
  );
  // English pages show the service's message alone.
  await page.goto('/playground/validate/');
  await page.locator('#message').fill((await page.locator('#message').inputValue()).replace('"1.0"', '"2.0"'));
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await expect(page.locator('li[data-issue="envelope.version_unsupported"] details')).toHaveCount(0);
  expect(problems).toEqual([]);
});

/**
 * The text runs of `main` in reading order: each with whether it is marked English (inside an
 * element whose `lang` is `en`). Code, keys and values (`code`, `pre`) are left out: they are the
 * same in every language and name no words a screen reader should pronounce as the page's.
 */
const textRuns = (page: Page) =>
  page.evaluate(() => {
    const out: { text: string; english: boolean }[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent!.replace(/\s+/g, ' ').trim();
      const parent = n.parentElement!;
      if (!/[a-z]{3,} [a-z]{2,}/i.test(text) || parent.closest('code,pre,script,style,template,[hidden]')) continue;
      out.push({ text, english: parent.closest('[lang]')?.getAttribute('lang') === 'en' });
    }
    return out;
  });

/**
 * Texts that read the same in every language: proper names a translation keeps (the catalogs give
 * them unchanged). Implementations' pages are left out: their names are their implementers' own,
 * in whatever language those wrote them.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['W3C Trace Context']);

// WCAG 3.1.2: a passage in another language than the page's is marked, so a screen reader
// pronounces it as that language. Every page that shows English data (records, the OpenAPI
// document, the kit's checks) on a translated page marks it; French stands for the three.
test('every translated page marks the passages it shows in English', async ({ page, request }) => {
  test.setTimeout(300_000);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)]
    .map((m) => new URL(m[1]!, 'http://x').pathname)
    .filter((p) => !/^\/(es|fr|zh-cn)\//.test(p) && !p.startsWith('/implementations/'));
  expect(paths.length).toBeGreaterThan(20);
  const unmarked: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const english = new Set((await textRuns(page)).map((r) => r.text));
    await page.goto(`/fr${path}`);
    const shown = (await textRuns(page))
      .filter((r) => !r.english && english.has(r.text) && !SAME_IN_EVERY_LANGUAGE.has(r.text))
      .map((r) => r.text);
    if (shown.length) unmarked[path] = shown;
  }
  expect(unmarked).toEqual({});
});
