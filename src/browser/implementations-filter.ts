/**
 * The filters of the report of implementations: by side and by least level. Rows of the summary
 * and columns of the matrix carry data-impl, data-side and data-level (the level's rank, -1 for
 * none); filtering hides them. Without script every implementation stays shown.
 */
const form = document.querySelector<HTMLFormElement>('#impl-filters');
if (form) {
  const shown = form.querySelector<HTMLOutputElement>('#impl-shown');
  const apply = () => {
    const side = (form.elements.namedItem('side') as HTMLSelectElement).value;
    const level = (form.elements.namedItem('level') as HTMLSelectElement).value;
    const visible = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('[data-impl]')) {
      const show =
        (side === '' || el.dataset.side === side) && (level === '' || Number(el.dataset.level) >= Number(level));
      el.hidden = !show;
      if (show) visible.add(el.dataset.impl!);
    }
    // The page writes the count's sentence in its own language, with a {count} to fill.
    if (shown) shown.value = (shown.dataset.template ?? '{count} shown').replace('{count}', String(visible.size));
  };
  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
}
