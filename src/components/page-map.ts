import { record, site } from '../build/records.ts';
import { PAGES, type PageEntry } from '../service/pages.ts';

/** Build-time helpers shared by the layout and pages: the page map entry and JSON twin of a path. */
export const catalog = () => record('/catalog');

export function pageEntry(path: string): PageEntry {
  const entry = PAGES.find((p) => p.path === path);
  if (!entry) throw new Error(`Page ${path} is not in the page map (src/service/pages.ts)`);
  return entry;
}

/** The JSON twin of a page: the record_url the catalog's page map gives it. */
export function jsonTwin(path: string): string {
  const page = catalog().pages.find((p) => p.path === path);
  if (!page) throw new Error(`Page ${path} is not in the catalog page map`);
  return page.record_url;
}

/**
 * For a POST-only route (an action of the catalog): its section of the API reference. A link
 * cannot call a POST route (following it gets a 405), so pages link here instead.
 */
export function howToCall(url: string): string | undefined {
  const action = catalog().routes.find((r) => r.kind === 'action' && r.url === url);
  return (
    action &&
    `/api/#post${action.id
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')}`
  );
}

/** Site navigation, grouped; every path is a page of the page map. */
export const NAV: readonly { id: string; title: string; paths: readonly string[] }[] = [
  { id: 'nav.start', title: 'Start', paths: ['/', '/catalog/', '/discovery/', '/adoption-kit/', '/roadmap/'] },
  {
    id: 'nav.standard',
    title: 'The standard',
    paths: [
      '/profiles/',
      '/registry/',
      '/field-registry/',
      '/transport-bindings/',
      '/trust-channels/',
      '/conformance-levels/',
      '/error-registry/',
      '/examples/',
    ],
  },
  {
    id: 'nav.tools',
    title: 'Tools',
    paths: [
      '/api/',
      '/conformance-pack/',
      '/playground/',
      '/playground/validate/',
      '/playground/mock-exchange/',
      '/playground/check-exchange/',
      '/test-your-implementation/',
      '/implementations/',
      '/get-listed/',
    ],
  },
];

/** Path of a JSON record on this site (relative, so links work on any origin the build was made for). */
export const v1 = (path: string): string => `${new URL(site.base).pathname}${path}`;

/** JSON for embedding in a `<script type="application/json">` element: `<` escaped so no tag can close it. */
export const embedJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export const pretty = (value: unknown): string => JSON.stringify(value, null, 2);
