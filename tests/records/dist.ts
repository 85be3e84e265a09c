import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { recordFile } from '../../src/records/files.ts';

/** Reading the built site (dist/), as the CDN would serve it. `npm test` builds it first. */
export const DIST = 'dist';

/**
 * The origin dist/ was built for (UAI_ORIGIN at build time; `npm test` builds for a free port),
 * read from the catalog's base_url, `<origin>/v1`. Every test that compares URLs or starts a
 * server over dist/ uses it, so they agree with the build whatever origin it was made for.
 */
export function builtOrigin(dist = DIST): string {
  const catalog = join(dist, 'v1', 'catalog.json');
  if (!existsSync(catalog)) throw new Error(`${catalog} is missing: run \`npm run build\` first (npm test does).`);
  const base: string = JSON.parse(readFileSync(catalog, 'utf8')).base_url;
  return base.replace(/\/v1$/, '');
}

export const ORIGIN = builtOrigin();

export function distFileForUrl(url: string): string | undefined {
  const u = new URL(url);
  let path = decodeURIComponent(u.pathname);
  if (path.startsWith('/v1/')) {
    if (path === '/v1/adoption-kit' && u.searchParams.get('download') === '1')
      return join(DIST, 'v1/downloads/uai-1-adoption-kit.json');
    return join(DIST, 'v1', recordFile(path.slice(3)));
  }
  if (path.endsWith('/')) path += 'index.html';
  return join(DIST, path);
}

export const readRecord = (pathUnderV1: string): any =>
  JSON.parse(readFileSync(join(DIST, 'v1', recordFile(pathUnderV1)), 'utf8'));

export const exists = (file: string | undefined): boolean => !!file && existsSync(file) && statSync(file).isFile();

/** Every record file under dist/v1, as [relative path, parsed JSON]. */
export function allRecordFiles(): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push([full, JSON.parse(readFileSync(full, 'utf8'))]);
    }
  };
  walk(join(DIST, 'v1'));
  return out;
}

/** Every string in a JSON value, with its JSON Pointer. */
export function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}/${k}`));
  return [];
}
