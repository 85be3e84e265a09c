import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { ROUTE_NOT_FOUND_FILE } from '../../records/files.ts';

/**
 * The built site (dist/) held in memory: every file's bytes and a strong ETag, read once at start,
 * so that a request never touches the disk. Netlify's own control files are not served.
 */
export interface StaticFile {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

/**
 * Netlify's control files, and the body of Netlify's /v1 not-found rule: here the fallback answers
 * every unknown /v1 path itself, that file's path included (a 404 on both hosts, static-routing.ts).
 */
const NOT_SERVED = new Set(['/_headers', '/_redirects', `/v1${ROUTE_NOT_FOUND_FILE}`]);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.sh': 'text/plain; charset=utf-8',
  '.py': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/** Content type by extension; the header table overrides it (extensionless /v1 records are JSON). */
export const contentTypeFor = (path: string): string =>
  TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

export const strongEtag = (bytes: Buffer): string =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export async function loadStaticSite(distDir: string): Promise<ReadonlyMap<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for await (const full of walk(distDir)) {
    const urlPath = `/${relative(distDir, full).split(sep).join('/')}`;
    if (NOT_SERVED.has(urlPath)) continue;
    const bytes = await readFile(full);
    files.set(urlPath, { bytes, etag: strongEtag(bytes), contentType: contentTypeFor(urlPath) });
  }
  return files;
}

/** The file a path is served from: the file itself, or a folder's index.html (pretty URLs). */
export function lookup(
  files: ReadonlyMap<string, StaticFile>,
  path: string,
): { path: string; file: StaticFile } | undefined {
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`, `${path}.html`];
  for (const p of candidates) {
    const file = files.get(p);
    if (file) return { path: p, file };
  }
  return undefined;
}

/** If-None-Match (RFC 9110 section 13.1.2): weak comparison, any listed tag or `*`. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
