import { localePath, type LocaleCode } from '../service/locales.ts';
import { implementationOfPage, LOCALIZED_PAGES } from '../service/pages.ts';

const pages = new Set(LOCALIZED_PAGES);

/**
 * Point the links of a page's HTML that go to an English page (`href="/api/#x"`) at the same page
 * in a locale. Links that name their language (`hreflang`: the switcher, the banner's link to the
 * English page) and links to anything that is not a page (records, files) are left as they are.
 * A link to a page at the site's own `origin` (records carry absolute URLs: an adoption kit's next
 * steps, a check's help, an implementation's homepage) is a page link too, and stays absolute.
 */
export function localizeLinks(html: string, locale: LocaleCode, origin = ''): string {
  return html.replace(/<a\b[^>]*>/g, (tag) => {
    if (/\shreflang=/.test(tag)) return tag;
    return tag.replace(/(\shref=")([^"]*)"/, (all, before: string, href: string) => {
      const at = origin && href.startsWith(`${origin}/`) ? origin.length : 0;
      const [, path = '', rest = ''] = /^(\/[^#?]*)(.*)$/.exec(href.slice(at)) ?? [];
      return pages.has(path) || implementationOfPage(path)
        ? `${before}${href.slice(0, at)}${localePath(locale, path)}${rest}"`
        : all;
    });
  });
}
