/**
 * The search box of every page (Search.astro), over Pagefind's static index in /pagefind/.
 * Pagefind's own script and index load on first focus; results link to the row or heading
 * anchor where the match is (search-targets.ts). Arrow keys move between results, Escape closes.
 */
import { rankTargets, type PagefindData, type SearchTarget } from './search-targets.ts';

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(
    term: string,
    options?: Record<string, unknown>,
    ms?: number,
  ): Promise<{ results: { data(): Promise<PagefindData> }[] } | null>;
}

/** Built by `npm run build` (scripts/build.ts); absent under `astro dev`. */
const PAGEFIND = '/pagefind/pagefind.js';
/** Pages whose places are weighed: enough that a key's own row outranks pages that only mention it. */
const PAGES_READ = 12;

const root = document.querySelector<HTMLElement>('[data-site-search]');
if (root) setUp(root);

/** The status line for `count` results, from the page's own language (Search.astro's data attributes). */
function foundLine(root: HTMLElement, count: number, term: string): string {
  const line = count === 0 ? root.dataset.foundNone : count === 1 ? root.dataset.foundOne : root.dataset.foundMany;
  // One pass, so a term that holds "{count}" is shown as typed.
  return (line ?? '').replace(/\{(term|count)\}/g, (_, name: string) => (name === 'term' ? term : String(count)));
}

function setUp(root: HTMLElement): void {
  const input = root.querySelector('input')!;
  const panel = root.querySelector<HTMLElement>('.search-panel')!;
  const list = panel.querySelector('ul')!;
  const status = root.querySelector<HTMLElement>('[role="status"]')!;
  let pagefind: Promise<Pagefind | undefined> | undefined;

  const load = () =>
    (pagefind ??= import(/* @vite-ignore */ PAGEFIND).then(
      async (pf: Pagefind) => {
        await pf.options({ excerptLength: 16 });
        await pf.init();
        return pf;
      },
      () => undefined,
    ));

  const close = () => (panel.hidden = true);
  const show = (targets: SearchTarget[], message: string) => {
    list.replaceChildren(...targets.map(resultItem));
    panel.hidden = targets.length === 0;
    status.textContent = message;
  };

  input.addEventListener('focus', () => void load(), { once: true });
  input.addEventListener('input', async () => {
    const term = input.value.trim();
    if (!term) return show([], '');
    const pf = await load();
    if (!pf) return show([], root.dataset.unavailable ?? '');
    const search = await pf.debouncedSearch(term, {}, 150);
    if (!search || input.value.trim() !== term) return; // a newer search is under way
    const pages = await Promise.all(search.results.slice(0, PAGES_READ).map((r) => r.data()));
    const targets = rankTargets(pages, term);
    show(targets, foundLine(root, targets.length, term));
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && !panel.hidden) {
      event.preventDefault();
      list.querySelector('a')?.focus();
    } else if (event.key === 'Escape') close();
  });
  list.addEventListener('keydown', (event) => {
    const links = [...list.querySelectorAll('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      (next < 0 ? input : links[Math.min(next, links.length - 1)])!.focus();
    } else if (event.key === 'Escape') {
      close();
      input.focus();
    }
  });
  // A result on the current page only changes the hash: close the panel so the row shows.
  list.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) close();
  });
  input.addEventListener('focus', () => {
    if (list.childElementCount) panel.hidden = false;
  });
}

function resultItem(target: SearchTarget): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = target.href;
  const label = document.createElement('span');
  label.className = 'search-label';
  label.textContent = target.label;
  const page = document.createElement('span');
  page.className = 'search-page';
  page.textContent = target.page;
  link.append(label, page);
  item.append(link);
  return item;
}
