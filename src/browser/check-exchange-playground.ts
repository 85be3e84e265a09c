/** The exchange-check playground (/playground/check-exchange/): POST /v1/check-exchange and show the verdicts. */
import { el, fail, issueList, postJson, pretty, problemView, readJson } from './playground-common.ts';

interface Fixture {
  id: string;
  request: unknown;
  response: unknown;
  http_status: number;
  previous?: unknown;
}

const data: { checkUrl: string; fixturesUrl: string; first: Fixture } = JSON.parse(
  document.getElementById('playground-data')!.textContent!,
);
const form = document.getElementById('check-form') as HTMLFormElement;
const picker = document.getElementById('fixture') as HTMLSelectElement;
const editors = {
  request: document.getElementById('request') as HTMLTextAreaElement,
  response: document.getElementById('response') as HTMLTextAreaElement,
  previous: document.getElementById('previous') as HTMLTextAreaElement,
};
const status = document.getElementById('http-status-input') as HTMLInputElement;
const result = document.getElementById('result')!;
const button = document.getElementById('check-button') as HTMLButtonElement;

// The page embeds the first fixture; the rest are fetched once, when one of them is picked.
let all: Promise<Fixture[]> | undefined;
const allFixtures = (): Promise<Fixture[]> =>
  (all ??= fetch(data.fixturesUrl).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.json() as Promise<Fixture[]>;
  }));

function show(fixture: Fixture): void {
  editors.request.value = pretty(fixture.request);
  editors.response.value = pretty(fixture.response);
  editors.previous.value = fixture.previous === undefined ? '' : pretty(fixture.previous);
  status.value = String(fixture.http_status);
  result.replaceChildren(el('p', { class: 'hint' }, `Loaded ${fixture.id}. No exchange checked yet.`));
}

async function load(): Promise<void> {
  const id = picker.value;
  if (id === data.first.id) return show(data.first);
  // Until the pair is in the editors, Check would send the previous one.
  button.disabled = true;
  result.replaceChildren(el('p', { class: 'hint' }, `Loading ${id}…`));
  try {
    const fixture = (await allFixtures()).find((f) => f.id === id);
    if (picker.value !== id) return; // another pick came first
    if (fixture) show(fixture);
    else result.replaceChildren(el('p', { class: 'hint' }, `No fixture ${id}.`));
  } catch (error) {
    all = undefined;
    result.replaceChildren(fail(`Could not load the fixture: ${(error as Error).message}.`));
  } finally {
    if (picker.value === id) button.disabled = false;
  }
}
void load();
picker.addEventListener('change', () => void load());
document.getElementById('reset-button')!.addEventListener('click', () => void load());

function validation(label: string, v: any): HTMLElement {
  const issues = [...(v.errors ?? []), ...(v.warnings ?? [])];
  return el(
    'div',
    { 'data-validation': label },
    el(
      'p',
      {},
      `${v.valid ? 'valid' : 'invalid'}, level ${v.conformance_level ?? 'none'}: ${v.error_count} errors, ${v.warning_count} warnings`,
    ),
    issues.length ? issueList(issues) : null,
  );
}

function findings(list: any[]): HTMLElement | string {
  if (!list.length) return '—';
  return el(
    'ul',
    { class: 'issues' },
    ...list.map((f) =>
      el(
        'li',
        {},
        el('code', { 'data-path': String(f.path) }, f.path === '' ? '"" (the whole message)' : String(f.path)),
        ': ',
        String(f.message ?? ''),
        f.expected !== undefined
          ? el('span', { class: 'hint' }, el('br'), 'expected: ', el('code', {}, JSON.stringify(f.expected)))
          : null,
        f.actual !== undefined
          ? el('span', { class: 'hint' }, el('br'), 'actual: ', el('code', {}, JSON.stringify(f.actual)))
          : null,
      ),
    ),
  );
}

function rulesTable(verdicts: any[]): HTMLElement {
  return el(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Exchange rule verdicts' },
    el(
      'table',
      { id: 'verdicts', class: 'stack' },
      el('caption', {}, 'Exchange rule verdicts'),
      el(
        'thead',
        {},
        el('tr', {}, ...['Rule', 'Section', 'Level', 'Status', 'Findings'].map((h) => el('th', { scope: 'col' }, h))),
      ),
      el(
        'tbody',
        {},
        ...verdicts.map((v) =>
          el(
            'tr',
            { 'data-rule': String(v.id), 'data-status': String(v.status) },
            el(
              'th',
              { scope: 'row' },
              el('code', {}, String(v.id)),
              el('br'),
              el('span', { class: 'hint' }, String(v.title)),
            ),
            el('td', { 'data-label': 'Section' }, String(v.section)),
            el(
              'td',
              { 'data-label': 'Level' },
              el('span', { class: `badge${v.severity === 'must' ? ' req' : ''}` }, String(v.severity)),
            ),
            el('td', { 'data-label': 'Status' }, el('strong', { class: 'rule-status' }, String(v.status))),
            el('td', { 'data-label': 'Findings' }, findings(v.findings ?? [])),
          ),
        ),
      ),
    ),
  );
}

function render(r: any): HTMLElement {
  const c = r.exchange.counts;
  return el(
    'div',
    {},
    el(
      'p',
      {},
      'Verdict: ',
      el(
        'span',
        { class: `verdict ${r.conforms ? 'valid' : 'invalid'}`, id: 'conforms' },
        r.conforms ? 'conforms' : 'does not conform',
      ),
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Response kind'),
      el('dd', {}, el('code', {}, String(r.exchange.response_kind ?? 'none'))),
      el('dt', {}, 'Rules'),
      el(
        'dd',
        { id: 'rule-counts' },
        `${c.pass} pass, ${c.fail} fail (${c.must_fail} must, ${c.should_fail} should), ${c.skip} skip`,
      ),
      el('dt', {}, 'Request'),
      el('dd', {}, validation('request', r.request_validation)),
      el('dt', {}, 'Response'),
      el('dd', {}, validation('response', r.response_validation)),
    ),
    rulesTable(r.exchange.verdicts ?? []),
  );
}

/** The body of POST /v1/check-exchange from the editors; a string when one of them is not JSON. */
function body(): Record<string, unknown> | string {
  const out: Record<string, unknown> = {};
  for (const key of ['request', 'response', 'previous'] as const) {
    if (key === 'previous' && editors.previous.value.trim() === '') continue;
    const parsed = readJson(editors[key].value);
    if (!parsed.ok) return `${key}: ${parsed.error}`;
    out[key] = parsed.value;
  }
  if (status.value.trim() !== '') {
    const n = Number(status.value);
    if (!Number.isInteger(n) || n < 100 || n > 599) return 'The HTTP status must be an integer from 100 to 599.';
    out.http_status = n;
  }
  return out;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const payload = body();
  if (typeof payload === 'string') return result.replaceChildren(fail(payload));
  button.disabled = true;
  result.replaceChildren(el('p', { class: 'hint' }, 'Checking the exchange…'));
  try {
    const posted = await postJson(data.checkUrl, payload);
    const ok = posted.status === 200 && posted.body && typeof posted.body === 'object' && posted.body.exchange;
    result.replaceChildren(ok ? render(posted.body) : problemView(posted));
  } catch (error) {
    result.replaceChildren(fail(`The exchange check could not be reached: ${(error as Error).message}`));
  } finally {
    button.disabled = false;
  }
});
