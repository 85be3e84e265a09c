/**
 * Pages of the site that no /v1 record lists (the catalog's page map stays as published): the
 * translation status and the glossary. Their JSON twins are static files beside them, not records.
 */
export interface SitePage {
  readonly path: string;
  /** Path of its JSON twin (an English file, like every record). */
  readonly twin: string;
}

export const SITE_PAGES: readonly SitePage[] = [
  { path: '/translation-status/', twin: '/translation-status.json' },
  { path: '/glossary/', twin: '/glossary.json' },
];

export const sitePage = (path: string): SitePage | undefined => SITE_PAGES.find((p) => p.path === path);
