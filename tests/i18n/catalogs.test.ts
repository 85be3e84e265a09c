import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCatalog, sourceHash, type Translations } from '../../src/i18n/check.ts';
import { EN } from '../../src/i18n/en.ts';
import { CATALOGS, checkedCatalogs, REPORTS, translator } from '../../src/i18n/index.ts';
import { localizeLinks } from '../../src/i18n/links.ts';
import { localePath, splitLocale, TRANSLATED } from '../../src/service/locales.ts';

/** A catalog translated from the current English: every entry stamped with its source's hash. */
const stamped = (english: Record<string, string>, text: (id: string, en: string) => string): Translations =>
  Object.fromEntries(Object.entries(english).map(([id, en]) => [id, { source: sourceHash(en), text: text(id, en) }]));

describe('the shipped catalogs', () => {
  it.each(TRANSLATED)('%s has every English message, no other, none stale', (code) => {
    expect(REPORTS[code].errors).toEqual([]);
    expect(new Set(Object.keys(CATALOGS[code]))).toEqual(new Set(Object.keys(EN)));
    expect(REPORTS[code].stale).toEqual([]);
    expect(REPORTS[code].complete.length).toBe(Object.keys(EN).length);
  });
});

describe('catalog check (no drift)', () => {
  const english = {
    'a.title': 'Validate a message',
    'a.count': '{count} routes under `/v1`',
    'a.link': 'See [the page]({href}).',
  };
  const good = stamped(english, (id, en) => `ES ${en}`);

  it('passes a catalog translated from the current English', () => {
    expect(checkCatalog('es', english, good)).toEqual({ errors: [], stale: [], complete: Object.keys(english) });
  });

  it('fails on a renamed message id: the old id is extra, the new one missing', () => {
    const renamed = { ...english, 'a.heading': english['a.title'] } as Record<string, string>;
    delete renamed['a.title'];
    const report = checkCatalog('es', renamed, good);
    expect(report.errors).toEqual([
      'es: missing key a.heading',
      'es: extra key a.title (no English message has this id)',
    ]);
    expect(() => checkedCatalogs(renamed, { es: good, fr: good, 'zh-cn': good })).toThrow(/missing key a\.heading/);
  });

  it('marks an entry stale when its English changed, and renders the English until it is updated', () => {
    const changed = { ...english, 'a.title': 'Validate one message' };
    const report = checkCatalog('fr', changed, good);
    expect(report.errors).toEqual([]);
    expect(report.stale).toEqual(['a.title']);
    const set = checkedCatalogs(changed, { es: good, fr: good, 'zh-cn': good });
    expect(translator('fr', set).t('a.title')).toBe('Validate one message');
    expect(translator('fr', set).t('a.count', { count: 3 })).toBe('ES 3 routes under /v1');
    // Re-stamped after the update: complete again.
    const updated = { ...good, 'a.title': { source: sourceHash('Validate one message'), text: 'Valider un message' } };
    expect(checkCatalog('fr', changed, updated).stale).toEqual([]);
  });

  it('fails on a placeholder, a link target or a code span that differs from the English', () => {
    const bad = {
      ...good,
      'a.count': { source: sourceHash(english['a.count']), text: '{total} rutas bajo `/v1`' },
      'a.link': { source: sourceHash(english['a.link']), text: 'Vea [la página]({url}).' },
    };
    const errors = checkCatalog('es', english, bad).errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/a\.count placeholders \{total\} differ from the English \{count\}/);
    const translatedCode = {
      ...good,
      'a.count': { source: sourceHash(english['a.count']), text: '{count} rutas bajo `/v2`' },
    };
    expect(checkCatalog('es', english, translatedCode).errors).toEqual([
      'es: a.count code spans differ from the English (codes are never translated)',
    ]);
  });

  it('fails on a link written as bare text, and on an empty translation', () => {
    const unlinked = { ...good, 'a.link': { source: sourceHash(english['a.link']), text: 'Vea la página {href}.' } };
    expect(checkCatalog('es', english, unlinked).errors).toEqual([
      'es: a.link links differ from the English (each [text]({name}) link stays a link)',
    ]);
    const empty = { ...good, 'a.title': { source: sourceHash(english['a.title']), text: ' ' } };
    expect(checkCatalog('es', english, empty).errors).toEqual(['es: a.title has no text']);
  });

  it('fails on an entry without a source hash', () => {
    const plain = { ...good, 'a.title': { text: 'Validar un mensaje' } } as unknown as Translations;
    expect(checkCatalog('es', english, plain).errors).toEqual([
      'es: a.title carries no source hash (run: npm run i18n -- stamp es)',
    ]);
  });

  it('any dropped placeholder fails the build (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (names, pick) => {
          const en = { m: names.map((n) => `x {${n}}`).join(' ') };
          const dropped = names.filter((_, i) => i !== pick % names.length);
          const tr = { m: { source: sourceHash(en.m), text: dropped.map((n) => `y {${n}}`).join(' ') || 'y' } };
          return checkCatalog('es', en, tr).errors.length === 1;
        },
      ),
    );
  });
});

describe('rendering a message', () => {
  it('escapes text, renders code spans and links, and never translates the code', () => {
    const es = translator('es');
    expect(es.html('locale.banner', { english: '/api/' })).toBe(
      'Esta página es una traducción. La <a href="/api/">página en inglés</a> y los registros JSON de <code>/v1</code> son los textos de referencia.',
    );
    expect(translator('zh-cn').html('home.glance.kit_text')).toContain('<code>npx uai test &lt;endpoint&gt;</code>');
    expect(translator(undefined).t('layout.home')).toBe('Home');
    expect(() => es.t('home.lede')).toThrow(/placeholder \{count\} has no value/);
  });
});

describe('locale paths and links', () => {
  it('maps English paths into each locale and back', () => {
    expect(localePath('en', '/api/')).toBe('/api/');
    expect(localePath('zh-cn', '/')).toBe('/zh-cn/');
    expect(splitLocale('/zh-cn/field-registry/')).toEqual({ locale: 'zh-cn', path: '/field-registry/' });
    expect(splitLocale('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocale('/v1/catalog')).toEqual({ locale: 'en', path: '/v1/catalog' });
  });

  it('points page links into the locale, keeping anchors, and leaves records and language links alone', () => {
    const html =
      '<a href="/field-registry/#field-envelope-id">x</a><a class="b" href="/">h</a><a href="/v1/catalog">j</a>' +
      '<a href="/api/" hreflang="en">en</a><a href="/favicon.svg">f</a>';
    expect(localizeLinks(html, 'fr')).toBe(
      '<a href="/fr/field-registry/#field-envelope-id">x</a><a class="b" href="/fr/">h</a><a href="/v1/catalog">j</a>' +
        '<a href="/api/" hreflang="en">en</a><a href="/favicon.svg">f</a>',
    );
  });

  it("points absolute links to a page at the site's own origin, and no other origin's", () => {
    const origin = 'https://uai.example.org';
    const html =
      `<a href="${origin}/playground/validate/">v</a><a href="${origin}/error-registry/#capability.reachable">e</a>` +
      `<a href="${origin}/v1/catalog">j</a><a href="https://other.example/api/">o</a><a href="${origin}.evil/api/">p</a>`;
    expect(localizeLinks(html, 'es', origin)).toBe(
      `<a href="${origin}/es/playground/validate/">v</a><a href="${origin}/es/error-registry/#capability.reachable">e</a>` +
        `<a href="${origin}/v1/catalog">j</a><a href="https://other.example/api/">o</a><a href="${origin}.evil/api/">p</a>`,
    );
  });
});
