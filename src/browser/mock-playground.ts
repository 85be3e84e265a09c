/** The mock-exchange playground (/playground/mock-exchange/): POST /v1/mock-exchange and show the exchange. */
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

const data = parseJson(document.getElementById('playground-data')!.textContent!) as {
  mockUrl: string;
  request: unknown;
};
const form = document.getElementById('mock-form') as HTMLFormElement;
const scenario = document.getElementById('scenario') as HTMLSelectElement;
const textarea = document.getElementById('message') as HTMLTextAreaElement;
const result = document.getElementById('result')!;
const button = document.getElementById('run-button') as HTMLButtonElement;

const reset = () => (textarea.value = pretty(data.request));
reset();
document.getElementById('reset-button')!.addEventListener('click', reset);

function verdict(label: string, validation: any): HTMLElement {
  if (!validation) return el('span', {}, '—');
  const issues = [...(validation.errors ?? []), ...(validation.warnings ?? [])];
  return el(
    'span',
    {},
    `${label}: ${validation.valid ? 'valid' : 'invalid'}, level ${validation.conformance_level ?? 'none'}, ${validation.issue_count} issues`,
    issues.length ? issueList(issues) : null,
  );
}

function render(r: any): HTMLElement {
  const message = r.response_message;
  return el(
    'div',
    {},
    el(
      'p',
      {},
      'Simulated HTTP status: ',
      el(
        'span',
        {
          class: `verdict ${r.http_status < 400 ? 'valid' : 'invalid'}`,
          id: 'http-status',
          'data-http-status': String(r.http_status),
        },
        String(r.http_status),
      ),
    ),
    el('p', { id: 'summary' }, String(r.summary ?? '')),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Scenario'),
      el('dd', {}, String(r.scenario)),
      el('dt', {}, 'Response profile'),
      el('dd', {}, el('code', {}, String(r.response_profile ?? message?.profile ?? '—'))),
      el('dt', {}, 'Request'),
      el('dd', {}, verdict('request', r.request?.validation)),
      el('dt', {}, 'Response'),
      el('dd', {}, verdict('response', r.response_validation)),
    ),
    el('h3', { id: 'response-heading' }, 'Response message'),
    el(
      'pre',
      { class: 'code', tabindex: '0', id: 'response-message', 'aria-labelledby': 'response-heading' },
      el('code', {}, pretty(message)),
    ),
  );
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = textarea.value;
  const parsed = readJson(text);
  if (!parsed.ok) return result.replaceChildren(fail(parsed.error));
  await whileBusy(button, async () => {
    result.replaceChildren(el('p', { class: 'hint' }, 'Running the exchange…'));
    try {
      const posted = await postJson(
        data.mockUrl,
        bodyText({ message: text }, { scenario: scenario.value, format: 'exchange' }),
      );
      result.replaceChildren(
        posted.status === 200 && posted.body && typeof posted.body === 'object'
          ? render(posted.body)
          : problemView(posted),
      );
    } catch (error) {
      result.replaceChildren(fail(`The mock exchange could not be reached: ${(error as Error).message}`));
    }
  });
});
