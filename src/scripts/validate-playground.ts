/** The validator playground (/playground/validate/): POST /v1/validate and show the result. */
// The engine's own converter (pure, framework-free), so the browser and the validator cannot disagree.
import { isRecord as isObject, messageFromKeyless, messageToKeyless } from '../engine/browser.ts';
import { el, codeLink, fail, issueList, postJson, pretty, problemView, readJson } from './playground-common.ts';

interface Data {
  validateUrl: string;
  examples: { profile: string; title: string; keyed: unknown; keyless: unknown }[];
}

/** Converts between the forms; a value already in the other form (or not a message) stays as it is. */
const toKeyless = (value: unknown) => (isObject(value) ? messageToKeyless(value) : value);
const toKeyed = (value: unknown) => (Array.isArray(value) ? messageFromKeyless(value).value : value);

const data: Data = JSON.parse(document.getElementById('playground-data')!.textContent!);
const form = document.getElementById('validate-form') as HTMLFormElement;
const select = document.getElementById('example') as HTMLSelectElement;
const textarea = document.getElementById('message') as HTMLTextAreaElement;
const result = document.getElementById('result')!;
const button = document.getElementById('validate-button') as HTMLButtonElement;

const shape = (): 'keyed' | 'keyless' => ((form.elements.namedItem('shape') as RadioNodeList).value === 'keyless' ? 'keyless' : 'keyed');
const example = () => data.examples.find((e) => e.profile === select.value) ?? data.examples[0]!;
const loadExample = () => (textarea.value = pretty(shape() === 'keyless' ? example().keyless : example().keyed));

const requested = new URLSearchParams(location.search).get('example');
if (requested && data.examples.some((e) => e.profile === requested)) select.value = requested;
loadExample();

select.addEventListener('change', loadExample);
document.getElementById('reset-button')!.addEventListener('click', loadExample);
form.addEventListener('change', (event) => {
  if ((event.target as HTMLInputElement).name !== 'shape') return;
  const parsed = readJson(textarea.value);
  if (!parsed.ok) return loadExample();
  textarea.value = pretty(shape() === 'keyless' ? toKeyless(parsed.value) : toKeyed(parsed.value));
});

function download(filename: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([`${pretty(value)}\n`], { type: 'application/json' }));
  const a = el('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function render(r: any): HTMLElement {
  const issues = [...(r.errors ?? []), ...(r.warnings ?? [])];
  const record = r.conformance_record;
  const filename = String(r.download_filename ?? `${record?.message_id ?? 'conformance-record'}.json`);
  const downloadButton = record ? el('button', { type: 'button', id: 'download-record', class: 'secondary' }, `Download the conformance record (${filename})`) : null;
  downloadButton?.addEventListener('click', () => download(filename, record));
  return el('div', {},
    el('p', {}, el('span', { class: `verdict ${r.valid ? 'valid' : 'invalid'}`, id: 'verdict', 'data-verdict': r.valid ? 'valid' : 'invalid' }, r.valid ? 'valid' : 'invalid')),
    el('dl', { class: 'facts' },
      el('dt', {}, 'Conformance level'), el('dd', { id: 'level' }, String(r.conformance_level ?? 'none')),
      el('dt', {}, 'Status'), el('dd', {}, String(r.status)),
      el('dt', {}, 'Profile'), el('dd', {}, String(r.profile ?? '—')),
      el('dt', {}, 'Issues'), el('dd', { id: 'counts' }, `${r.issue_count} (${r.error_count} errors, ${r.warning_count} warnings)`),
      el('dt', {}, 'Normalization'), el('dd', {}, `${r.normalization?.mode}, input ${r.normalization?.input_shape}`),
      el('dt', {}, 'Canonical hash'), el('dd', {}, el('code', {}, String(r.normalization?.canonical_hash ?? '—'))),
    ),
    issues.length ? el('h3', {}, 'Issues') : el('p', {}, 'No issues: the message is exchange-ready.'),
    issues.length ? issueList(issues) : null,
    downloadButton ? el('div', { class: 'actions' }, downloadButton) : null,
    issues.length ? el('p', { class: 'hint' }, 'Every code links to its entry in the ', el('a', { href: '/error-registry/' }, 'error registry'), ', for example ', codeLink(String(issues[0].code)), '.') : null,
  );
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const parsed = readJson(textarea.value);
  if (!parsed.ok) return result.replaceChildren(fail(parsed.error));
  const mode = shape() === 'keyless' ? 'keyless-json' : 'keyed-json';
  button.disabled = true;
  result.replaceChildren(el('p', { class: 'hint' }, 'Validating…'));
  try {
    const posted = await postJson(data.validateUrl, { message: parsed.value, normalization_mode: mode, format: 'result' });
    result.replaceChildren(posted.status === 200 && posted.body && typeof posted.body === 'object' ? render(posted.body) : problemView(posted));
  } catch (error) {
    result.replaceChildren(fail(`The validator could not be reached: ${(error as Error).message}`));
  } finally {
    button.disabled = false;
  }
});
