import { checkCatalog, type CatalogReport, type Translations } from './check.ts';
import { EN, pageKey } from './en.ts';
import { DEFAULT_LOCALE, localeOf, TRANSLATED, type LocaleCode, type TranslatedLocale } from '../service/locales.ts';
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import zhCn from './zh-cn.json' with { type: 'json' };

/**
 * The message catalogs as pages use them. Loading this module checks every catalog against the
 * English source: a missing key, an extra key or a differing placeholder or code span throws, so
 * `astro build` fails; a stale entry renders its English text and is listed on the status page.
 */
export const CATALOGS: Readonly<Record<TranslatedLocale, Translations>> = { es, fr, 'zh-cn': zhCn };

/** The English source, each translation and its check: what a translator renders from. */
export interface CatalogSet {
  readonly english: Readonly<Record<string, string>>;
  readonly translations: Readonly<Record<TranslatedLocale, Translations>>;
  readonly reports: Readonly<Record<TranslatedLocale, CatalogReport>>;
}

/** Check every translation against the English source; throws on any error (a build stops here). */
export function checkedCatalogs(
  english: Readonly<Record<string, string>>,
  translations: Readonly<Record<TranslatedLocale, Translations>>,
): CatalogSet {
  const reports = Object.fromEntries(
    TRANSLATED.map((code) => [code, checkCatalog(code, english, translations[code])]),
  ) as Record<TranslatedLocale, CatalogReport>;
  const problems = Object.values(reports).flatMap((r) => r.errors);
  if (problems.length) {
    throw new Error(`Translation catalogs do not match the English messages:\n  ${problems.join('\n  ')}`);
  }
  return { english, translations, reports };
}

const SHIPPED = checkedCatalogs(EN, CATALOGS);
export const REPORTS = SHIPPED.reports;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type Params = Readonly<Record<string, string | number>>;

export interface Translator {
  readonly locale: LocaleCode;
  /** Plain text of a message (marks removed: code spans keep their text, links their link text). */
  t(id: string, params?: Params): string;
  /** HTML of a message: escaped text, code spans as `<code>`, links as `<a>`; params are text (`code_*` ones as code). */
  html(id: string, params?: Params): string;
}

function source(set: CatalogSet, locale: LocaleCode, id: string): { text: string; english: boolean } {
  const english = set.english[id];
  if (english === undefined) throw new Error(`No English message ${id} (src/i18n/en.ts)`);
  if (locale === DEFAULT_LOCALE) return { text: english, english: true };
  if (set.reports[locale as TranslatedLocale].stale.includes(id)) return { text: english, english: true };
  return { text: set.translations[locale as TranslatedLocale][id]!.text, english: false };
}

const fill = (text: string, params: Params, esc: (s: string) => string) =>
  text.replace(/\{([a-zA-Z0-9_]+)\}/g, (all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Message placeholder ${all} has no value`);
    return esc(String(value));
  });

/**
 * The `lang` of a passage a page shows in English whatever its language (data of the records, the
 * OpenAPI document's texts): `en` on a translated page, so a screen reader pronounces it as
 * English (WCAG 3.1.2), and nothing on an English page, where it is the page's language.
 */
export const englishPassage = (tr: Pick<Translator, 'locale'>): 'en' | undefined =>
  tr.locale === 'en' ? undefined : 'en';

/** The messages of a locale (an unknown or absent code is English), from the shipped catalogs by default. */
export function translator(code: string | undefined, set: CatalogSet = SHIPPED): Translator {
  const locale = localeOf(code).code;
  const pick = (id: string) => source(set, locale, id);
  return {
    locale,
    t: (id, params = {}) =>
      fill(pick(id).text, params, (s) => s)
        .replace(/`([^`]+)`/g, '$1')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1'),
    html: (id, params = {}) => {
      const { text } = pick(id);
      // Links first, so that their {name} target is an attribute value, not text.
      return escapeHtml(text)
        .replace(/\[([^\]]+)\]\(\{([a-zA-Z0-9_]+)\}\)/g, (_, label: string, name: string) => {
          const href = params[name];
          if (href === undefined) throw new Error(`Message link {${name}} of ${id} has no value`);
          return `<a href="${escapeHtml(String(href))}">${label}</a>`;
        })
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\{([a-zA-Z0-9_]+)\}/g, (all, name: string) => {
          const value = params[name];
          if (value === undefined) throw new Error(`Message placeholder ${all} of ${id} has no value`);
          // A `code_` placeholder holds a key, code or media type: shown as code, never translated.
          return name.startsWith('code_') ? `<code>${escapeHtml(String(value))}</code>` : escapeHtml(String(value));
        });
    },
  };
}

/** Title of a page in a locale: the page map's title for static pages, the profile's for profile pages. */
export function pageTitle(tr: Translator, path: string): string {
  const profile = path.match(/^\/profiles\/([^/]+)\/$/)?.[1];
  if (profile) return `${tr.t(`profile.${profile}.title`)} (${profile})`;
  return tr.t(`page.${pageKey(path)}.title`);
}

export function pageDescription(tr: Translator, path: string): string {
  const profile = path.match(/^\/profiles\/([^/]+)\/$/)?.[1];
  if (profile) return tr.t(`profile.${profile}.summary`);
  return tr.t(`page.${pageKey(path)}.description`);
}
