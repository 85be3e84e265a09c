import { ADOPTION_KIT_FILENAME } from '../service/routes.ts';

/**
 * Where each record lives as a static file under dist/v1. A list record that shares its path
 * with a folder of single records (/schemas and /schemas/{profile}) cannot be a file and a
 * folder at once, so it is stored as `<path>/index.json` and served at its path by a rewrite.
 */
export const LIST_RECORDS_WITH_CHILDREN = ['/schemas', '/registry', '/examples'] as const;

export const recordFile = (path: string): string =>
  (LIST_RECORDS_WITH_CHILDREN as readonly string[]).includes(path) ? `${path}/index.json` : path;

/** The adoption kit's download twin, served for GET /v1/adoption-kit?download=1. */
export const ADOPTION_KIT_DOWNLOAD_FILE = `/downloads/${ADOPTION_KIT_FILENAME}` as const;

/**
 * The problem document Netlify serves, with status 404, for /v1 paths that match no file (a `404`
 * rewrite of the static table): unknown API paths get problem JSON there too, never the HTML page.
 */
export const ROUTE_NOT_FOUND_FILE = '/errors/route-not-found.json';
