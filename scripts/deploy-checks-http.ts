/**
 * The checks of `npm run check:deploy` on redirects, 404 pages and HEAD (docs/deploy.md,
 * "Redirects, 404 pages and HTTP details"), which only a real deploy can settle: the emulation
 * differs from the CDN on some of them (tests/netlify/emulator-differences.ts).
 */
import { isSameOriginPath } from '../src/http/locale-redirects.ts';
import { localeOf, TRANSLATED } from '../src/service/locales.ts';
import type { Check } from './deploy-check.ts';

/**
 * Paths that would be open redirects if an old locale prefix were still a splat, or if a host
 * added a trailing slash to a path that starts with `//` (fetch sends them as written).
 */
const HOSTILE = [
  '/en-us//evil.example',
  '/en-us/%2F%2Fevil.example',
  '/en-us/%5Cevil.example',
  '/es-es//evil.example',
  '//evil.example/api',
  '//evil.example/es',
];

/** No content coding asked for (fetch would decode one), so a length is the bytes'. */
const answer = (origin: string, path: string, method = 'GET') =>
  fetch(`${origin}${path}`, { method, redirect: 'manual', headers: { 'accept-encoding': 'identity' } });

export function httpDetailChecks(): Check[] {
  const notFoundPages: Check[] = [...TRANSLATED, 'de' as const].map((code) => ({
    name: `GET /${code}/no-such-page/ (the 404 page of ${localeOf(code).lang})`,
    run: async (origin) => {
      const response = await answer(origin, `/${code}/no-such-page/`);
      const lang = localeOf(code).lang;
      const html = await response.text();
      return [
        ...(response.status === 404 ? [] : [`status ${response.status}, expected 404`]),
        ...(html.includes(`<html lang="${lang}"`) ? [] : [`not the page in lang="${lang}"`]),
      ];
    },
  }));
  const redirects: Check[] = [
    ...HOSTILE.map((path) => ({
      name: `GET ${path} stays on the origin`,
      run: async (origin: string) => {
        const location = (await answer(origin, path)).headers.get('location');
        return location === null || isSameOriginPath(location) ? [] : [`Location ${location} leaves the origin`];
      },
    })),
    {
      name: 'GET /en-us/api/ (an old address) moves to /api/',
      run: async (origin) => {
        const response = await answer(origin, '/en-us/api/');
        const location = response.headers.get('location');
        return response.status === 301 && location !== null && new URL(location, origin).pathname === '/api/'
          ? []
          : [`${response.status} to ${location}, expected 301 to /api/`];
      },
    },
  ];
  const heads: Check[] = ['/v1/catalog', '/v1/nope', '/v1/reference-server', '/es/no-such-page/'].map((path) => ({
    name: `HEAD ${path} has the GET's Content-Length`,
    run: async (origin) => {
      const length = (await (await answer(origin, path)).arrayBuffer()).byteLength;
      const got = (await answer(origin, path, 'HEAD')).headers.get('content-length');
      return got === String(length) ? [] : [`Content-Length ${got ?? 'missing'}, expected ${length}`];
    },
  }));
  return [...notFoundPages, ...redirects, ...heads];
}
