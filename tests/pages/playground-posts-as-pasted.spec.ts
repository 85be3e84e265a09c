import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { watchErrors } from './helpers.ts';

/**
 * A differential of each playground against its POST route: the page is given a message whose
 * text says more than its parsed value (a member name written twice, a number past a double's
 * precision), and must show what a client posting that same text gets back. A page that parses
 * the editor and writes the value out again sends another message and shows another verdict.
 */

/** The editor's example with `message_id` written twice (the first one is not the one a parse keeps) and a long sequence. */
function telling(example: string): string {
  const text = example
    .replace('"message_id": ', '"message_id": "msg-written-first",\n  "message_id": ')
    .replace('"sequence": 1', '"sequence": 123456789012345678901234567890');
  expect(text).toContain('msg-written-first');
  expect(text).toContain('123456789012345678901234567890');
  return text;
}

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);
/** The codes of a validator result's issues, errors before warnings, as the pages list them. */
const issueCodes = (v: { errors: { code: string }[]; warnings: { code: string }[] }) =>
  codes([...v.errors, ...v.warnings]);

/** Replaces an editor's message with its telling variant; returns the text now in the editor. */
async function pasteTelling(editor: Locator): Promise<string> {
  const text = telling(await editor.inputValue());
  await editor.fill(text);
  return text;
}

async function post(request: APIRequestContext, path: string, body: string) {
  const response = await request.post(path, { headers: { 'Content-Type': 'application/json' }, data: body });
  return { status: response.status(), body: await response.json() };
}

/** The issue codes the page lists inside `scope`, in order. */
const shownCodes = (page: Page, scope: string) =>
  page.locator(`${scope} li[data-issue]`).evaluateAll((items) => items.map((i) => i.getAttribute('data-issue')));

test('validate: the page shows what POST /v1/validate answers for the text as pasted, and keeps the focus', async ({
  page,
  request,
}) => {
  const problems = watchErrors(page);
  await page.goto('/playground/validate/');
  const text = await pasteTelling(page.locator('#message'));
  const button = page.getByRole('button', { name: 'Validate', exact: true });
  await button.click();
  await expect(page.locator('#verdict')).toHaveText('invalid');

  const api = await post(
    request,
    '/v1/validate',
    `{"message":${text},"normalization_mode":"keyed-json","format":"result"}`,
  );
  expect(api.status).toBe(200);
  const expected = issueCodes(api.body);
  expect(expected).toContain('message.duplicate_member');
  expect(expected).toContain('message.number_imprecise');
  expect(await shownCodes(page, '#result')).toEqual(expected);
  await expect(page.locator('#counts')).toHaveText(
    `${api.body.issue_count} (${api.body.error_count} errors, ${api.body.warning_count} warnings)`,
  );
  // A keyboard user carries on from the button, not from the top of the page.
  await expect(button).toBeFocused();
  expect(problems).toEqual([]);
});

test('mock exchange: the page shows what POST /v1/mock-exchange answers for the text as pasted', async ({
  page,
  request,
}) => {
  const problems = watchErrors(page);
  await page.goto('/playground/mock-exchange/');
  const text = await pasteTelling(page.locator('#message'));
  await page.locator('#scenario').selectOption('accepted-task');
  const button = page.getByRole('button', { name: 'Run the exchange' });
  await button.click();
  await expect(page.locator('#http-status')).toBeVisible();

  const api = await post(
    request,
    '/v1/mock-exchange',
    `{"message":${text},"scenario":"accepted-task","format":"exchange"}`,
  );
  expect(api.status).toBe(200);
  const requestCodes = issueCodes(api.body.request.validation);
  expect(requestCodes).toContain('message.duplicate_member');
  // Refused as the reference server refuses it, not accepted as the task a parsed copy would be.
  expect(api.body.http_status).toBe(400);
  await expect(page.locator('#http-status')).toHaveText(String(api.body.http_status));
  const answerCodes = issueCodes(api.body.response_validation);
  expect(await shownCodes(page, '#result')).toEqual([...requestCodes, ...answerCodes]);
  await expect(button).toBeFocused();
  expect(problems).toEqual([]);
});

test('check exchange: the page judges the request as POST /v1/check-exchange judges the texts as pasted', async ({
  page,
  request,
}) => {
  const problems = watchErrors(page);
  await page.goto('/playground/check-exchange/');
  await expect(page.locator('#result')).toContainText('Loaded');
  const text = await pasteTelling(page.locator('#request'));
  const response = await page.locator('#response').inputValue();
  const status = await page.locator('#http-status-input').inputValue();
  const button = page.getByRole('button', { name: 'Check', exact: true });
  await button.click();
  await expect(page.locator('#conforms')).toBeVisible();

  const api = await post(
    request,
    '/v1/check-exchange',
    `{"request":${text},"response":${response},"http_status":${status}}`,
  );
  expect(api.status).toBe(200);
  const expected = issueCodes(api.body.request_validation);
  expect(expected).toContain('message.duplicate_member');
  expect(await shownCodes(page, '[data-validation="request"]')).toEqual(expected);
  await expect(button).toBeFocused();
  expect(problems).toEqual([]);
});

test('a translated validator links the error registry of its language', async ({ page }) => {
  await page.goto('/fr/playground/validate/');
  const textarea = page.locator('#message');
  await textarea.fill((await textarea.inputValue()).replace('"uai_version": "1.0"', '"uai_version": "2.0"'));
  await page.locator('#validate-button').click();
  await expect(page.locator('#verdict')).toHaveText('invalid');
  const hrefs = await page
    .locator('#result a[href*="error-registry"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(1);
  for (const href of hrefs) expect(href).toMatch(/^\/fr\/error-registry\//);
});
