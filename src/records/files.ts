import { ADOPTION_KIT_FILENAME } from '../service/routes.ts';

/**
 * Where each record lives as a static file under dist/v1: its path with `.json` added (a path
 * that already ends in `.json` is kept). The extension lets every host type the file as JSON by
 * itself, and a list record (/schemas) no longer collides with the folder of its single records
 * (/schemas/{profile}). Each record is served at its extensionless path by a forced rewrite
 * (src/http/static-routing.ts); its bytes do not change.
 */
export const recordFile = (path: string): string => (path.endsWith('.json') ? path : `${path}.json`);

/** The adoption kit's download twin, served for GET /v1/adoption-kit?download=1. */
export const ADOPTION_KIT_DOWNLOAD_FILE = `/downloads/${ADOPTION_KIT_FILENAME}` as const;

/**
 * The problem document served, with status 404, for a GET or HEAD of a /v1 path that matches no
 * record (a `404` rewrite of the static table), so that unknown API paths get problem JSON from
 * the CDN itself, never the HTML page and without a function call.
 */
export const ROUTE_NOT_FOUND_FILE = '/errors/route-not-found.json';
