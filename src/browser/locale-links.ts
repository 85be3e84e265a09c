/**
 * The language switcher and the "English page" link of a translated page keep the reader's place:
 * anchors are the same in every language, so the current fragment is carried over on a click.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-keep-hash]');
  if (link instanceof HTMLAnchorElement && location.hash) link.hash = location.hash;
});
