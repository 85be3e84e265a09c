import { localePath, type LocaleCode } from '../service/locales.ts';
import { implementationOfPage, LOCALIZED_PAGES } from '../service/pages.ts';

const pages = new Set(LOCALIZED_PAGES);

/**
 * Point the links of a page's HTML that go to an English page (`href="/api/#x"`) at the same page
 * in a locale. Links that name their language (`hreflang`: the switcher, the banner's link to the
 * English page) and links to anything that is not a page (records, files) are left as they are.
 */
export function localizeLinks(html: string, locale: LocaleCode): string {
  return html.replace(/<a\b[^>]*>/g, (tag) => {
    if (/\shreflang=/.test(tag)) return tag;
    return tag.replace(/(\shref=")(\/[^"#?]*)([^"]*")/, (all, before: string, path: string, rest: string) =>
      pages.has(path) || implementationOfPage(path) ? `${before}${localePath(locale, path)}${rest}` : all,
    );
  });
}
