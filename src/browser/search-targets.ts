/**
 * Where a search hit should land: Pagefind reports, for each page, the word positions of the
 * matches and every element with an id (with its word position). A hit belongs to the nearest id
 * before it, so a match in a field row or a code row links to that row's anchor.
 */
export interface PagefindAnchor {
  readonly element: string;
  readonly id: string;
  readonly text?: string;
  readonly location: number;
}

export interface PagefindData {
  readonly url: string;
  readonly meta: { readonly title?: string };
  readonly excerpt: string;
  readonly locations: readonly number[];
  readonly anchors: readonly PagefindAnchor[];
}

export interface SearchTarget {
  readonly href: string;
  readonly label: string;
  readonly page: string;
  /** The id is the searched key or code itself: the best possible landing place. */
  readonly exact: boolean;
}

/** Anchors that name a whole page region rather than a place in it. */
const NOT_A_PLACE = new Set(['main']);

/** Row anchors of field tables are `field-<object>-<key>` (FieldTable.astro); their label is the key. */
function labelOf(anchor: PagefindAnchor): { label: string; key: string } {
  const field = /^field-(.+)-([^-]+)$/.exec(anchor.id);
  if (field) return { label: `${field[2]} (${field[1]})`, key: field[2]! };
  return { label: anchor.text?.trim() || anchor.id, key: anchor.id };
}

export function targetsOf(data: PagefindData, query: string, limit = 3): SearchTarget[] {
  const page = data.meta.title ?? data.url;
  const anchors = data.anchors.filter((a) => a.id && !NOT_A_PLACE.has(a.id)).sort((a, b) => a.location - b.location);
  const hits = new Map<PagefindAnchor, number>();
  for (const location of data.locations) {
    let owner: PagefindAnchor | undefined;
    for (const anchor of anchors) {
      if (anchor.location > location) break;
      owner = anchor;
    }
    if (owner) hits.set(owner, (hits.get(owner) ?? 0) + 1);
  }
  const wanted = query.trim().toLowerCase();
  const targets = [...hits].map(([anchor, count]) => {
    const { label, key } = labelOf(anchor);
    return {
      href: `${data.url}#${encodeURIComponent(anchor.id)}`,
      label,
      page,
      exact: key.toLowerCase() === wanted,
      count,
    };
  });
  // Exact key or code first, then the places with the most matches; document order breaks ties.
  targets.sort((a, b) => Number(b.exact) - Number(a.exact) || b.count - a.count);
  const best = targets.slice(0, limit).map(({ count: _count, ...t }) => t);
  // A page named by the query (a profile id is the last segment of its page's path) is itself exact.
  const named = data.url.replace(/\/+$/, '').split('/').pop()?.toLowerCase() === wanted;
  return best.length && !named
    ? best
    : [{ href: data.url, label: page, page, exact: named }, ...best.slice(0, limit - 1)];
}

/** All pages' targets, exact ones first, then in Pagefind's ranking. */
export function rankTargets(pages: readonly PagefindData[], query: string, limit = 10): SearchTarget[] {
  const all = pages.flatMap((data) => targetsOf(data, query));
  return [...all.filter((t) => t.exact), ...all.filter((t) => !t.exact)].slice(0, limit);
}
