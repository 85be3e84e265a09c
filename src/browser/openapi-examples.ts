/**
 * Response examples on the API reference: an example's <details> names its entry in the OpenAPI
 * document (`data-example`; the document's URL is `data-document` on the list). The first time
 * one opens, the document is fetched once and the example is written into a code block with the
 * markup of CodeBlock.astro, so the shared copy button (copy.ts) copies it. The texts it writes come
 * in the page's language from the list's data attributes (data-copy-label, data-failed).
 */
type Examples = Record<string, { value: unknown }>;
const documents = new Map<string, Promise<Examples>>();

function examplesOf(url: string): Promise<Examples> {
  let loading = documents.get(url);
  if (!loading) {
    loading = fetch(url)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((doc: { components?: { examples?: Examples } }) => doc.components?.examples ?? {});
    loading.catch(() => documents.delete(url)); // a later toggle tries again
    documents.set(url, loading);
  }
  return loading;
}

/** The copy button's texts in the page's language: its label and, for copy.ts, its feedback. */
interface CopyTexts {
  label: string;
  copied?: string;
  selected?: string;
}

function codeBlock(id: string, label: string, text: string, copyTexts: CopyTexts): HTMLElement {
  const block = document.createElement('div');
  block.className = 'code-block';
  const toolbar = block.appendChild(document.createElement('div'));
  toolbar.className = 'toolbar';
  const name = toolbar.appendChild(document.createElement('span'));
  name.id = `${id}-label`;
  name.textContent = label;
  const copy = toolbar.appendChild(document.createElement('button'));
  Object.assign(copy, { type: 'button', className: 'small secondary', textContent: copyTexts.label });
  copy.dataset.copy = `${id}-code`;
  if (copyTexts.copied) copy.dataset.copied = copyTexts.copied;
  if (copyTexts.selected) copy.dataset.selected = copyTexts.selected;
  const pre = block.appendChild(document.createElement('pre'));
  Object.assign(pre, { className: 'code', id: `${id}-code`, tabIndex: 0 });
  pre.setAttribute('aria-labelledby', name.id);
  pre.appendChild(document.createElement('code')).textContent = text;
  return block;
}

document.addEventListener(
  'toggle',
  async (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open || details.dataset.loaded) return;
    const name = details.dataset.example;
    const list = details.closest<HTMLElement>('[data-document]');
    const url = list?.dataset.document;
    if (!name || !url) return;
    details.dataset.loaded = 'loading';
    let text: string;
    try {
      text = JSON.stringify((await examplesOf(url))[name]?.value, null, 2);
      details.dataset.loaded = 'yes';
    } catch {
      delete details.dataset.loaded; // closing and opening again retries
      const failed =
        list?.dataset.failed ??
        'The OpenAPI document ({url}) could not be loaded; the example is its components/examples/{name}.';
      text = failed.replace('{url}', url).replace('{name}', name);
    }
    details.querySelector('.code-block')?.remove();
    details.appendChild(
      codeBlock(details.id, `components/examples/${name}`, text, {
        label: list?.dataset.copyLabel ?? 'Copy',
        copied: list?.dataset.copied,
        selected: list?.dataset.selected,
      }),
    );
  },
  true, // toggle does not bubble
);
