import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { StaticFile } from './static-site.ts';

/**
 * Response compression of the local server's pages and scripts, as the CDN compresses them in
 * production, so that what a browser downloads from `npm start` (and what Lighthouse measures
 * there) is what readers get from Netlify. Only the site's own text assets are compressed: the
 * /v1 records and every JSON answer are sent identity, so that their bytes, Content-Length and
 * ETag are the build's for any client, including tools and proxies that read them raw.
 */
export type ContentCoding = 'br' | 'gzip';

/** Media types worth compressing; fonts and images are compressed already. */
const COMPRESSED_TYPES = ['text/html', 'text/css', 'text/javascript', 'image/svg+xml'];

/** Below this a compressed body saves less than its framing costs. */
const MIN_BYTES = 1024;

export const isCompressible = (contentType: string, size: number): boolean =>
  size >= MIN_BYTES && COMPRESSED_TYPES.includes(contentType.split(';')[0]!.trim().toLowerCase());

/**
 * How much an Accept-Encoding value takes a content coding (RFC 9110 section 12.5.3): its q, 1 when
 * listed without one, `*` standing for any coding not named, 0 for none or a q that is no number.
 * x-gzip is gzip (section 8.4.1.3), whichever of the two each side names. Also read by the kit's
 * proxy, to undo exactly the codings a client accepted.
 */
export function codingWeight(acceptEncoding: string, coding: string): number {
  const alias = coding === 'gzip' ? 'x-gzip' : coding === 'x-gzip' ? 'gzip' : undefined;
  // A name listed twice counts as listed last; the coding's own name before its alias, before `*`.
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return weights.get(coding) ?? (alias === undefined ? undefined : weights.get(alias)) ?? weights.get('*') ?? 0;
}

/** The coding to answer an Accept-Encoding with: brotli before gzip, a coding with q=0 refused; undefined means identity. */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const best = (['br', 'gzip'] as const)
    .map((coding) => ({ coding, weight: codingWeight(acceptEncoding, coding) }))
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight)[0];
  return best?.coding;
}

/**
 * Brotli at quality 5, not its default 11: over the built site's 141 compressible files, 11 took
 * 7.4 s for bodies 11% smaller, 5 took 0.18 s, a cost a page's first request can carry.
 */
const compressors: Record<ContentCoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

/**
 * Compressed bodies, made on a file's first request in each coding and kept with the file, so that
 * start-up stays as fast as before and a request compresses nothing twice.
 */
export function compressedBodies(): (file: StaticFile, coding: ContentCoding) => Buffer {
  const cache = new WeakMap<StaticFile, Partial<Record<ContentCoding, Buffer>>>();
  return (file, coding) => {
    let bodies = cache.get(file);
    if (!bodies) cache.set(file, (bodies = {}));
    return (bodies[coding] ??= compressors[coding](file.bytes));
  };
}

/**
 * A strong ETag per representation (RFC 9110 section 8.8.3): the coded body is other bytes, so its
 * tag carries the coding inside the quotes.
 */
export const codedEtag = (etag: string, coding: ContentCoding | undefined): string =>
  coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
