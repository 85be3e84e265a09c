/** The exchange-check playground (/playground/check-exchange/): POST /v1/check-exchange and show the verdicts. */
import { parseJson } from '../engine/browser.ts';
import {
  bodyText,
  el,
  fail,
  issueList,
  postJson,
  pretty,
  problemView,
  readJson,
  whileBusy,
} from './playground-common.ts';

interface Fixture {
  id: string;
  request: unknown;
  response: unknown;
  http_status: number;
  previous?: unknown;
}

const data = parseJson(document.getElementById('playground-data')!.textContent!) as {
  checkUrl: string;
  fixturesUrl: string;
  first: Fixture;
  texts: Record<string, string>;
};
/** A text in the page's language (the page embeds them, checkx.js.* in src/i18n/en.ts), its {names} filled. */
const t = (id: string, params: Record<string, string | number> = {}): string =>
  (data.texts[id] ?? id).replace(/\{([a-z_]+)\}/g, (all, name: string) => String(params[name] ?? all));
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
  result.replaceChildren(el('p', { class: 'hint' }, t('loaded', { id: fixture.id })));
}

async function load(): Promise<void> {
  const id = picker.value;
  if (id === data.first.id) {
    // An earlier pick may still be loading with Check held: its end no longer frees it.
    button.disabled = false;
    return show(data.first);
  }
  // Until the pair is in the editors, Check would send the previous one.
  button.disabled = true;
  result.replaceChildren(el('p', { class: 'hint' }, t('loading', { id })));
  try {
    const fixture = (await allFixtures()).find((f) => f.id === id);
    if (picker.value !== id) return; // another pick came first
    if (fixture) show(fixture);
    else result.replaceChildren(el('p', { class: 'hint' }, t('no_fixture', { id })));
  } catch (error) {
    all = undefined;
    result.replaceChildren(fail(t('load_failed', { error: (error as Error).message })));
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
      t('validation', {
        verdict: t(v.valid ? 'valid' : 'invalid'),
        level: v.conformance_level ?? 'none',
        errors: v.error_count,
        warnings: v.warning_count,
      }),
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
        el('code', { 'data-path': String(f.path) }, f.path === '' ? `"" ${t('whole')}` : String(f.path)),
        ': ',
        String(f.message ?? ''),
        f.expected !== undefined
          ? el('span', { class: 'hint' }, el('br'), `${t('expected')} `, el('code', {}, JSON.stringify(f.expected)))
          : null,
        f.actual !== undefined
          ? el('span', { class: 'hint' }, el('br'), `${t('actual')} `, el('code', {}, JSON.stringify(f.actual)))
          : null,
      ),
    ),
  );
}

function rulesTable(verdicts: any[]): HTMLElement {
  return el(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': t('verdicts') },
    el(
      'table',
      { id: 'verdicts', class: 'stack' },
      el('caption', {}, t('verdicts')),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...[t('rule'), t('section'), t('level'), t('status'), t('findings')].map((h) =>
            el('th', { scope: 'col' }, h),
          ),
        ),
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
            el('td', { 'data-label': t('section') }, String(v.section)),
            el(
              'td',
              { 'data-label': t('level') },
              el('span', { class: `badge${v.severity === 'must' ? ' req' : ''}` }, String(v.severity)),
            ),
            el('td', { 'data-label': t('status') }, el('strong', { class: 'rule-status' }, String(v.status))),
            el('td', { 'data-label': t('findings') }, findings(v.findings ?? [])),
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
      `${t('verdict')} `,
      el(
        'span',
        { class: `verdict ${r.conforms ? 'valid' : 'invalid'}`, id: 'conforms' },
        t(r.conforms ? 'conforms' : 'not_conforms'),
      ),
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, t('response_kind')),
      el('dd', {}, el('code', {}, String(r.exchange.response_kind ?? 'none'))),
      el('dt', {}, t('rules')),
      el(
        'dd',
        { id: 'rule-counts' },
        t('counts', { pass: c.pass, fail: c.fail, must: c.must_fail, should: c.should_fail, skip: c.skip }),
      ),
      el('dt', {}, t('request')),
      el('dd', {}, validation('request', r.request_validation)),
      el('dt', {}, t('response')),
      el('dd', {}, validation('response', r.response_validation)),
    ),
    rulesTable(r.exchange.verdicts ?? []),
  );
}

/**
 * The body of POST /v1/check-exchange from the editors, their texts as typed (bodyText); an
 * error's text, as `{ error }`, when one of them is not JSON.
 */
function body(): { text: string } | { error: string } {
  const texts: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const key of ['request', 'response', 'previous'] as const) {
    if (key === 'previous' && editors.previous.value.trim() === '') continue;
    const parsed = readJson(editors[key].value);
    if (!parsed.ok) return { error: `${key}: ${parsed.error}` };
    texts[key] = editors[key].value;
  }
  if (status.value.trim() !== '') {
    const n = Number(status.value);
    if (!Number.isInteger(n) || n < 100 || n > 599) return { error: t('bad_status') };
    values.http_status = n;
  }
  return { text: bodyText(texts, values) };
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const payload = body();
  if ('error' in payload) return result.replaceChildren(fail(payload.error));
  await whileBusy(button, async () => {
    result.replaceChildren(el('p', { class: 'hint' }, t('checking')));
    try {
      const posted = await postJson(data.checkUrl, payload.text);
      const ok = posted.status === 200 && posted.body && typeof posted.body === 'object' && posted.body.exchange;
      result.replaceChildren(ok ? render(posted.body) : problemView(posted));
    } catch (error) {
      result.replaceChildren(fail(t('unreachable', { error: (error as Error).message })));
    }
  });
});
