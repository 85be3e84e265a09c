/** Shared by the two playgrounds: DOM building without innerHTML, POSTing JSON, problem rendering. */
import { parseJson } from '../engine/browser.ts';

export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * On a translated page, each code's title (and fix) in the page's language (IssueMessages.astro);
 * absent on English pages, where the service's own English message is shown alone.
 */
interface IssueMessages {
  lang: string;
  errorRegistry: string;
  english: string;
  codes: Record<string, { title: string; fix?: string }>;
}
const localized: IssueMessages | undefined = (() => {
  const node = typeof document === 'undefined' ? null : document.getElementById('issue-messages');
  return node?.textContent ? (parseJson(node.textContent) as IssueMessages) : undefined;
})();

export const codeLink = (code: string): HTMLAnchorElement =>
  el('a', { href: `${errorRegistryHref()}#${code}`, 'data-code': code }, el('code', {}, code));

/**
 * The message of an issue: on a translated page its code's title and fix in the page's language,
 * with the service's English message (which says what was found this time) one click away.
 */
function issueMessage(code: string, message: string): Child {
  const text = localized?.codes[code];
  if (!localized || !text) return message;
  return el(
    'span',
    { 'data-localized-message': code },
    el('span', { lang: localized.lang }, el('strong', {}, text.title), text.fix ? ` ${text.fix}` : ''),
    el(
      'details',
      { class: 'english-message' },
      el('summary', {}, localized.english),
      el('span', { lang: 'en' }, message),
    ),
  );
}

export interface Posted {
  status: number;
  contentType: string;
  body: any;
}

/**
 * A request body whose `texts` members are the editors' JSON texts as typed, not parsed and written
 * again: a parse keeps one of two repeated member names and rounds a number past a double's
 * precision, so the route would judge another message than the one pasted (and the page would
 * contradict POST of the same text). Each text has passed `readJson`, so the body is JSON.
 */
export function bodyText(texts: Record<string, string>, values: Record<string, unknown> = {}): string {
  const members = [
    ...Object.entries(texts).map(([name, text]) => `${JSON.stringify(name)}:${text}`),
    ...Object.entries(values).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`),
  ];
  return `{${members.join(',')}}`;
}

/**
 * Runs a submit's request, one at a time. The button is marked aria-disabled, not disabled: a
 * disabled button loses the focus (Chromium moves it to the page body), and a keyboard user would
 * start again from the top of the page after every submit.
 */
export async function whileBusy(button: HTMLButtonElement, run: () => Promise<void>): Promise<void> {
  if (button.getAttribute('aria-disabled') === 'true') return;
  button.setAttribute('aria-disabled', 'true');
  try {
    await run();
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

/** The error registry's page in the page's language. */
export const errorRegistryHref = (): string => localized?.errorRegistry ?? '/error-registry/';

/** POST a JSON body text to a same-origin route; the answer is parsed whatever its status. */
export async function postJson(url: string, requestBody: string): Promise<Posted> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: requestBody,
  });
  const contentType = response.headers.get('Content-Type') ?? '';
  const text = await response.text();
  let body: unknown = text;
  try {
    body = parseJson(text);
  } catch {
    /* keep the text: shown as is */
  }
  return { status: response.status, contentType, body };
}

/**
 * Issue items (CONTRACT section 4) as a list: severity, code linked to its registry anchor, JSON
 * Pointer path, message, and whatever `extra` adds for an issue (the validator's "go to line").
 */
export function issueList(issues: any[], extra: (issue: any) => Child = () => null): HTMLUListElement {
  return el(
    'ul',
    { class: 'issues' },
    ...issues.map((issue) =>
      el(
        'li',
        { class: String(issue.severity ?? 'error'), 'data-issue': String(issue.code) },
        el('strong', {}, `${issue.severity ?? 'error'}: `),
        codeLink(String(issue.code)),
        el('br'),
        'at ',
        el(
          'code',
          { 'data-path': String(issue.path) },
          issue.path === '' ? '"" (the whole message)' : String(issue.path),
        ),
        el('br'),
        issueMessage(String(issue.code), String(issue.message ?? '')),
        issue.expected !== undefined
          ? el('span', { class: 'hint' }, el('br'), 'expected: ', el('code', {}, JSON.stringify(issue.expected)))
          : null,
        issue.actual !== undefined
          ? el('span', { class: 'hint' }, el('br'), 'actual: ', el('code', {}, JSON.stringify(issue.actual)))
          : null,
        extra(issue),
      ),
    ),
  );
}

/** An RFC 9457 problem (4xx/5xx), or any non-JSON answer, shown readably. */
export function problemView(posted: Posted): HTMLElement {
  const p = posted.body;
  if (p && typeof p === 'object') {
    return el(
      'div',
      { class: 'problem', role: 'alert', 'data-problem': String(p.code ?? posted.status) },
      el('p', {}, el('strong', {}, `HTTP ${posted.status}: ${p.title ?? 'Request failed'}`)),
      p.detail ? el('p', {}, String(p.detail)) : null,
      p.code ? el('p', {}, 'Code: ', codeLink(String(p.code))) : null,
      Array.isArray(p.errors) && p.errors.length ? issueList(p.errors) : null,
    );
  }
  return el(
    'div',
    { class: 'problem', role: 'alert' },
    el('p', {}, el('strong', {}, `HTTP ${posted.status}`)),
    el('p', {}, String(p).slice(0, 500)),
  );
}

export function fail(message: string): HTMLElement {
  return el('div', { class: 'problem', role: 'alert', 'data-problem': 'client' }, el('p', {}, message));
}

export function readJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, error: `The message is not valid JSON: ${(error as Error).message}` };
  }
}

export const pretty = (value: unknown): string => JSON.stringify(value, null, 2);
