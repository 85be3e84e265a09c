import { expect, test, type APIRequestContext } from '@playwright/test';
import { implementationPage, LOCALIZED_PAGES, PAGES } from '../../src/service/pages.ts';
import { LOCALES, localePath } from '../../src/service/locales.ts';
import type { CatalogPage } from './helpers.ts';

/**
 * Links and discovery (issue 18, items 3 and 4; issue 11, item 9): a crawl of every link from the
 * home page and from sitemap.xml finds no broken link (status and #fragment), the sitemap lists
 * every page on the configured origin and robots.txt names it, and no path prefix of a page is a 404.
 */
const hrefsOf = (html: string): string[] =>
  [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const idsOf = (html: string): Set<string> => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!));

/** Every same-origin URL reachable from the start URLs, with the fragments asked of it. */
async function crawl(request: APIRequestContext, origin: string, start: string[]): Promise<string[]> {
  const broken: string[] = [];
  const seen = new Map<string, { from: string; fragments: Set<string> }>();
  const queue = start.map((url) => ({ url, from: '(start)' }));
  const pages = new Map<string, Set<string>>(); // page URL -> its ids
  while (queue.length) {
    const { url, from } = queue.shift()!;
    const target = new URL(url);
    const key = target.href.replace(/#.*$/, '');
    if (seen.has(key)) {
      if (target.hash) seen.get(key)!.fragments.add(decodeURIComponent(target.hash.slice(1)));
      continue;
    }
    seen.set(key, { from, fragments: new Set(target.hash ? [decodeURIComponent(target.hash.slice(1))] : []) });
    const response = await request.get(key, { maxRedirects: 0 });
    if (response.status() !== 200) {
      broken.push(`${response.status()} ${key} (linked from ${from})`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    const html = await response.text();
    pages.set(key, idsOf(html));
    for (const href of hrefsOf(html)) {
      const next = new URL(href, key);
      if (next.origin === origin) queue.push({ url: next.href, from: key });
    }
  }
  for (const [url, { from, fragments }] of seen) {
    const ids = pages.get(url);
    if (ids) for (const f of fragments) if (!ids.has(f)) broken.push(`#${f} missing on ${url} (linked from ${from})`);
  }
  expect(seen.size).toBeGreaterThan(PAGES.length);
  return broken;
}

const configuredOrigin = async (request: APIRequestContext): Promise<string> =>
  new URL((await (await request.get('/v1/catalog')).json()).pages[0].url).origin;

test('a crawl from / finds no broken link', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  expect(await crawl(request, origin, [`${origin}/`])).toEqual([]);
});

test('sitemap.xml lists every page on the configured origin; robots.txt names it; a crawl from it finds no broken link', async ({
  request,
  baseURL,
}) => {
  const origin = await configuredOrigin(request);
  expect(origin).toBe(new URL(baseURL!).origin);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const locs = async (url: string) => {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  };
  const sitemaps = await locs('/sitemap.xml');
  expect(sitemaps.length).toBeGreaterThan(0);
  expect(await locs('/sitemap-index.xml')).toEqual(sitemaps);
  const pageUrls = (await Promise.all(sitemaps.map((s) => locs(new URL(s).pathname)))).flat();
  const catalog = await (await request.get('/v1/catalog')).json();
  const report = await (await request.get('/v1/implementations')).json();
  // Every page of the catalog's page map, the site's own pages (translation status, glossary),
  // and the data pages: one per implementation the report lists, at its html_url. Each in every language.
  const mapped = [...(catalog.pages as CatalogPage[]).map((p) => p.path), '/translation-status/', '/glossary/'];
  expect(mapped.sort()).toEqual([...LOCALIZED_PAGES].sort());
  const dataPages = (report.implementations as { id: string; html_url: string }[]).map((i) => {
    expect(i.html_url).toBe(`${origin}${implementationPage(i.id)}`);
    return implementationPage(i.id);
  });
  expect(dataPages.length).toBeGreaterThan(0);
  const english = [...mapped, ...dataPages];
  const expected = LOCALES.flatMap((l) => english.map((path) => `${origin}${localePath(l.code, path)}`));
  expect([...pageUrls].sort()).toEqual(expected.sort());
  expect(pageUrls.every((u) => u.startsWith(`${origin}/`))).toBe(true);
  expect(await crawl(request, origin, pageUrls)).toEqual([]);
});

test('every path prefix of a page answers 200, /playground/ included', async ({ request }) => {
  const prefixes = new Set(
    PAGES.flatMap((p) =>
      p.path
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}/`),
    ),
  );
  expect(prefixes).toContain('/playground/');
  for (const prefix of prefixes) expect((await request.get(prefix)).status(), prefix).toBe(200);
});

test('the home page links the playgrounds to how to call their POST routes, not to a 405', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const quick = page.locator('#quick-links + ul');
  for (const route of ['validate', 'mock-exchange']) {
    const item = quick.locator('li', { has: page.locator(`a[href="/playground/${route}/"]`) });
    const api = item.locator('a[href^="/api/#post"]');
    await expect(api).toContainText(`POST /v1/${route}`);
    await expect(item.locator(`a[href$="/v1/${route}"]`)).toHaveCount(0);
    expect((await request.get(new URL((await api.getAttribute('href'))!, page.url()).href)).status()).toBe(200);
  }
});
