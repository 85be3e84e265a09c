/**
 * The validator playground (/playground/validate/): POST /v1/validate and show the result, with
 * each issue marked on its line of the message (line-gutter.ts, issue-lines.ts).
 */
// The engine's own converter (pure, framework-free), so the browser and the validator cannot disagree.
import { isRecord, messageFromKeyless, messageToKeyless, parseJson, unlistedNote } from '../engine/browser.ts';
import { issuePlacer, placeOf, syntaxErrorPlace, type IssuePlace } from './issue-lines.ts';
import { LineGutter, type Severity } from './line-gutter.ts';
import {
  bodyText,
  codeLink,
  el,
  errorRegistryHref,
  fail,
  issueList,
  postJson,
  pretty,
  problemView,
  readJson,
  whileBusy,
} from './playground-common.ts';

interface Data {
  validateUrl: string;
  examples: { profile: string; title: string; keyed: unknown; keyless: unknown }[];
}

/** Converts between the forms; a value already in the other form (or not a message) stays as it is. */
const toKeyless = (value: unknown) => (isRecord(value) ? messageToKeyless(value) : value);
const toKeyed = (value: unknown) => (Array.isArray(value) ? messageFromKeyless(value).value : value);

const data = parseJson(document.getElementById('playground-data')!.textContent!) as Data;
const form = document.getElementById('validate-form') as HTMLFormElement;
const select = document.getElementById('example') as HTMLSelectElement;
const textarea = document.getElementById('message') as HTMLTextAreaElement;
const result = document.getElementById('result')!;
const button = document.getElementById('validate-button') as HTMLButtonElement;
const gutter = new LineGutter(document.getElementById('message-gutter')!, textarea);

const shape = (): 'keyed' | 'keyless' =>
  (form.elements.namedItem('shape') as RadioNodeList).value === 'keyless' ? 'keyless' : 'keyed';
const example = () => data.examples.find((e) => e.profile === select.value) ?? data.examples[0]!;
const loadExample = () => {
  textarea.value = pretty(shape() === 'keyless' ? example().keyless : example().keyed);
  gutter.mark(new Map());
};

const requested = new URLSearchParams(location.search).get('example');
if (requested && data.examples.some((e) => e.profile === requested)) select.value = requested;
loadExample();

select.addEventListener('change', loadExample);
document.getElementById('reset-button')!.addEventListener('click', loadExample);
/**
 * The text before the last switch of form and the text the switch wrote: switching back before an
 * edit gives the text back as it was, whatever the other form had no place for.
 */
let beforeSwitch: { readonly text: string; readonly wrote: string } | undefined;

/** Whether two JSON values hold the same data (members in any order). */
function sameData(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (isRecord(a)) {
    if (!isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]));
  }
  return a === b;
}

/** The text in the other form, and whether a switch back would lose some of it. */
function converted(text: string, to: 'keyed' | 'keyless'): { text: string; lossy: boolean } | { why: string } {
  const parsed = readJson(text);
  if (!parsed.ok) return { why: `${parsed.error}. It was left as it is: only JSON can be written in the other form.` };
  try {
    const value = to === 'keyless' ? toKeyless(parsed.value) : toKeyed(parsed.value);
    // Already in that form (or no message): nothing was converted, so nothing was lost.
    if (value === parsed.value) return { text: pretty(value), lossy: false };
    const back = to === 'keyless' ? toKeyed(value) : toKeyless(value);
    return { text: pretty(value), lossy: !sameData(back, parsed.value) };
  } catch (error) {
    // JSON nested deeper than this browser's stack: it stays as pasted.
    return {
      why: `The message could not be written in the other form (${(error as Error).message}); it was left as it is.`,
    };
  }
}

form.addEventListener('change', (event) => {
  if ((event.target as HTMLInputElement).name !== 'shape') return;
  const text = textarea.value;
  const note = (message: string) => result.replaceChildren(el('p', { class: 'hint', id: 'form-note' }, message));
  if (beforeSwitch?.wrote === text) {
    textarea.value = beforeSwitch.text;
    beforeSwitch = undefined;
    gutter.mark(new Map());
    result.replaceChildren();
    return;
  }
  const other = converted(text, shape());
  if ('why' in other) return note(other.why);
  beforeSwitch = { text, wrote: other.text };
  textarea.value = other.text;
  gutter.mark(new Map());
  if (other.lossy)
    note(
      `Part of the message has no place in the ${shape()} form (members its profile does not register, say) and was left out. Switch back before editing to get the text as it was.`,
    );
  else result.replaceChildren();
});

/** A button that selects the place in the editor; `locate` runs on click, on the text as it is then. */
function goToLine(place: IssuePlace, locate: () => IssuePlace | undefined): HTMLButtonElement {
  const line = place.range.startLine;
  const go = el(
    'button',
    { type: 'button', class: 'small secondary go-to-line', 'data-line': String(line) },
    `Go to line ${line}`,
  );
  go.addEventListener('click', () => {
    const at = locate() ?? place;
    gutter.reveal(at.range.startOffset, at.exact ? at.range.endOffset : at.range.startOffset, at.range.startLine);
  });
  return go;
}

/** Marks every issue's line and gives each issue its "go to line" button. */
function placeIssues(issues: any[], text: string, keyless: boolean): (issue: any) => HTMLElement | null {
  const places = new Map<any, IssuePlace>();
  const marks = new Map<number, Severity>();
  const place = issuePlacer(text, keyless);
  for (const issue of issues) {
    const at = place(String(issue.path ?? ''));
    if (!at) continue;
    places.set(issue, at);
    const line = at.range.startLine;
    if (marks.get(line) !== 'error') marks.set(line, issue.severity === 'warning' ? 'warning' : 'error');
  }
  gutter.mark(marks);
  return (issue) => {
    const place = places.get(issue);
    if (!place) return null;
    // After an edit the member may have moved: look it up again in the current text.
    const locate = () => placeOf(textarea.value, String(issue.path ?? ''), keyless);
    return el(
      'span',
      { class: 'go' },
      el('br'),
      goToLine(place, locate),
      place.exact ? null : ' (where the missing member belongs)',
    );
  };
}

function download(filename: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([`${pretty(value)}\n`], { type: 'application/json' }));
  const a = el('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function render(r: any, text: string, keyless: boolean): HTMLElement {
  const issues = [...(r.errors ?? []), ...(r.warnings ?? [])];
  const extra = placeIssues(issues, text, keyless);
  const record = r.conformance_record;
  const filename = String(r.download_filename ?? `${record?.message_id ?? 'conformance-record'}.json`);
  const downloadButton = record
    ? el(
        'button',
        { type: 'button', id: 'download-record', class: 'secondary' },
        `Download the conformance record (${filename})`,
      )
    : null;
  downloadButton?.addEventListener('click', () => download(filename, record));
  return el(
    'div',
    {},
    el(
      'p',
      {},
      el(
        'span',
        {
          class: `verdict ${r.valid ? 'valid' : 'invalid'}`,
          id: 'verdict',
          'data-verdict': r.valid ? 'valid' : 'invalid',
        },
        r.valid ? 'valid' : 'invalid',
      ),
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Conformance level'),
      el('dd', { id: 'level' }, String(r.conformance_level ?? 'none')),
      el('dt', {}, 'Status'),
      el('dd', {}, String(r.status)),
      el('dt', {}, 'Profile'),
      el('dd', {}, String(r.profile ?? '—')),
      el('dt', {}, 'Issues'),
      el('dd', { id: 'counts' }, `${r.issue_count} (${r.error_count} errors, ${r.warning_count} warnings)`),
      el('dt', {}, 'Normalization'),
      el('dd', {}, `${r.normalization?.mode}, input ${r.normalization?.input_shape}`),
      el('dt', {}, 'Canonical hash'),
      el('dd', {}, el('code', {}, String(r.normalization?.canonical_hash ?? '—'))),
    ),
    issues.length ? el('h3', {}, 'Issues') : el('p', {}, 'No issues: the message is exchange-ready.'),
    issues.length ? issueList(issues, extra) : null,
    r.issues_listed !== undefined ? el('p', { class: 'hint', id: 'unlisted' }, unlistedNote(r)) : null,
    downloadButton ? el('div', { class: 'actions' }, downloadButton) : null,
    issues.length
      ? el(
          'p',
          { class: 'hint' },
          'Every code links to its entry in the ',
          el('a', { href: errorRegistryHref() }, 'error registry'),
          ', for example ',
          codeLink(String(issues[0].code)),
          '.',
        )
      : null,
  );
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = textarea.value;
  const parsed = readJson(text);
  if (!parsed.ok) return result.replaceChildren(syntaxError(parsed.error, text));
  const mode = shape() === 'keyless' ? 'keyless-json' : 'keyed-json';
  await whileBusy(button, async () => {
    result.replaceChildren(el('p', { class: 'hint' }, 'Validating…'));
    try {
      const posted = await postJson(
        data.validateUrl,
        bodyText({ message: text }, { normalization_mode: mode, format: 'result' }),
      );
      result.replaceChildren(
        posted.status === 200 && posted.body && typeof posted.body === 'object'
          ? render(posted.body, text, mode === 'keyless-json')
          : problemView(posted),
      );
    } catch (error) {
      result.replaceChildren(fail(`The validator could not be reached: ${(error as Error).message}`));
    }
  });
});

/** Text that is not JSON is not sent: the line of the first character the grammar rejects is marked. */
function syntaxError(message: string, text: string): HTMLElement {
  const place = syntaxErrorPlace(text);
  gutter.mark(place ? new Map([[place.range.startLine, 'error' as const]]) : new Map());
  const view = fail(message);
  if (place)
    view.append(
      el(
        'p',
        {},
        `Line ${place.range.startLine}, column ${place.range.startColumn}. `,
        goToLine(place, () => syntaxErrorPlace(textarea.value)),
      ),
    );
  return view;
}
