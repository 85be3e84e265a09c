import { PAGES } from './pages.ts';
import { SITE_PAGES } from './site-pages.ts';

/** English paths of every page that has translations: the page map's and the site's own. */
export const LOCALIZED_PAGES: readonly string[] = [...PAGES.map((p) => p.path), ...SITE_PAGES.map((p) => p.path)];
