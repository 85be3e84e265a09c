/**
 * Copy buttons: `<button data-copy="<id of a pre>">` copies that block's text. The button carries
 * its feedback in the page's language (data-copied, data-selected).
 */
document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-copy]');
  if (!button) return;
  const source = document.getElementById(button.dataset.copy ?? '');
  if (!source) return;
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(source.textContent ?? '');
    button.textContent = button.dataset.copied ?? 'Copied';
  } catch {
    // Clipboard access can be refused (insecure origin, permissions): select the text instead.
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    button.textContent = button.dataset.selected ?? 'Selected';
  }
  setTimeout(() => (button.textContent = label), 1500);
});
