import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeOf, type LocaleCode } from '../../src/service/locales.ts';
import { translator } from '../../src/i18n/index.ts';
import { rawRequest } from './raw-request.ts';
import { HTTP_TARGET, SECURITY, securityHeadersOf, startServer, type RunningServer } from './server.ts';

/**
 * An unknown address under a language's prefix gets that language's 404 page (translated text,
 * `lang`, links into the language) with status 404, on `npm start` and under the Netlify
 * emulation; any other unknown address, an unknown prefix included, gets the English one.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The page's text with the character references Astro writes for quotes and markup read back. */
const text = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const CASES: readonly (readonly [string, LocaleCode])[] = [
  ['/es/nope/', 'es'],
  ['/es/no/such/page', 'es'],
  ['/fr/x', 'fr'],
  ['/zh-cn/nope/', 'zh-cn'],
  ['/es-es/nope/', 'es'],
  ['/es-us/nope', 'es'],
  ['/fr-fr/nope/', 'fr'],
  ['/en-us/nope/', 'en'],
  ['/de/', 'en'],
  ['/de/field-registry/', 'en'],
  ['/nope/', 'en'],
  ['/esx/', 'en'],
];

describe("each language's 404 page", () => {
  it.each(CASES)('%s is the 404 page in %s', async (path, code) => {
    const response = await fetch(`${server.direct}${path}`);
    const html = text(await response.text());
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    // What Netlify sends a page no header rule names: its 404 rules cannot name every path.
    if (HTTP_TARGET === 'local')
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(html).toContain(`<html lang="${localeOf(code).lang}"`);
    const tr = translator(code);
    expect(html).toContain(`<h1>${tr.t('notfound.title')}</h1>`);
    expect(html).toContain(tr.t('notfound.lede'));
    // Its links lead into its own language.
    const home = code === 'en' ? '/' : `/${code}/`;
    expect(html).toContain(`href="${home}catalog/"`);
  });

  it("leaves the language's pages alone, asked with or without the trailing slash", async () => {
    for (const path of ['/es', '/es/', '/es/api', '/fr/field-registry', '/zh-cn/profiles/uai.error.v1']) {
      const response = await fetch(`${server.direct}${path}`);
      await response.arrayBuffer();
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  it('translates every text of the page (no English left on the Spanish one)', async () => {
    const html = text(await (await fetch(`${server.direct}/es/nope/`)).text());
    const en = translator('en');
    for (const id of ['notfound.title', 'notfound.description', 'notfound.lede', 'notfound.catalog'])
      expect(html, id).not.toContain(en.t(id));
  });

  it('answers HEAD with the headers and length of the GET', async () => {
    for (const path of ['/es/nope/', '/de/']) {
      const get = await rawRequest(server.direct, 'GET', path);
      const head = await rawRequest(server.direct, 'HEAD', path);
      expect(head.status).toBe(404);
      expect(head.body.byteLength).toBe(0);
      expect(head.headers['content-length']).toBe(String(get.body.byteLength));
    }
  });
});
