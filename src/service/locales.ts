/**
 * The site's languages. English is the authoritative text and keeps its unprefixed addresses;
 * each translation lives under its own path prefix. `lang` is the BCP 47 tag of `<html lang>`,
 * `hreflang` and the sitemap; `original` lists the prefixes the standard's original site used for
 * the same language, which redirect here (docs/i18n.md).
 */
export interface Locale {
  /** Astro locale code and path segment. */
  readonly code: LocaleCode;
  readonly lang: string;
  /** The language's own name, shown in the locale switcher. */
  readonly name: string;
  /** Path prefixes of the original site that redirect to this locale. */
  readonly original: readonly string[];
}

export type LocaleCode = 'en' | 'es' | 'fr' | 'zh-cn';

export const DEFAULT_LOCALE = 'en' satisfies LocaleCode;

export const LOCALES: readonly Locale[] = [
  { code: 'en', lang: 'en', name: 'English', original: ['en-us'] },
  { code: 'es', lang: 'es', name: 'Español', original: ['es-es', 'es-us'] },
  { code: 'fr', lang: 'fr', name: 'Français', original: ['fr-fr'] },
  // The original site's `zh-cn` prefix is kept as it was, so its Chinese addresses need no redirect.
  { code: 'zh-cn', lang: 'zh-CN', name: '简体中文', original: [] },
];

export type TranslatedLocale = Exclude<LocaleCode, 'en'>;
export const TRANSLATED: readonly TranslatedLocale[] = ['es', 'fr', 'zh-cn'];

export const localeOf = (code: string | undefined): Locale =>
  LOCALES.find((l) => l.code === code) ?? (LOCALES[0] as Locale);

/** The address of an English page path (`/api/`) in a locale (`/es/api/`); English is unprefixed. */
export const localePath = (code: LocaleCode, path: string): string =>
  code === DEFAULT_LOCALE ? path : `/${code}${path}`;

/** Split a path into its locale and the English page path it shows. */
export function splitLocale(pathname: string): { locale: LocaleCode; path: string } {
  for (const code of TRANSLATED) {
    if (pathname === `/${code}` || pathname.startsWith(`/${code}/`)) {
      return { locale: code, path: pathname.slice(code.length + 1) || '/' };
    }
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}
