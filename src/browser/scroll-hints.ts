/**
 * A wide table scrolls inside its box (.table-wrap); a shadow on a side says there is more that
 * way (site.css). A box-shadow rather than a background gradient, so that the table's text keeps
 * a plain background whose contrast can be checked.
 */
const update = (box: Element) => {
  const more = box.scrollWidth - box.clientWidth;
  box.classList.toggle('more-left', box.scrollLeft > 1);
  box.classList.toggle('more-right', box.scrollLeft < more - 1);
};

const start = () => {
  const observer = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target)));
  for (const box of document.querySelectorAll('.table-wrap')) {
    box.addEventListener('scroll', () => update(box), { passive: true });
    observer.observe(box);
  }
};

// A hint is not needed for the first paint: measuring thirty tables waits until the page is idle.
if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1000 });
else setTimeout(start, 200);
