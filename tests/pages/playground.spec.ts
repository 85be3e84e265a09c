import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers.ts';

/** The playgrounds call the real POST routes of the local server (issue 5, acceptance). */
const SHOTS = 'test-results/screenshots';

test.describe('validator playground', () => {
  test('a published example is valid at level L4', async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/validate/');
    await expect(page.locator('#message')).toHaveValue(/"profile": "uai.intent.request.v1"/);
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(page.locator('#verdict')).toHaveText('valid');
    await expect(page.locator('#level')).toHaveText('L4');
    await expect(page.locator('#counts')).toHaveText('0 (0 errors, 0 warnings)');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/playground-validate.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  test('every published example is valid, keyed and keyless', async ({ page }) => {
    await page.goto('/playground/validate/');
    const profiles = await page
      .locator('#example option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(profiles.length).toBe(6);
    for (const profile of profiles) {
      await page.locator('#example').selectOption(profile);
      for (const shape of ['Keyed JSON', 'Keyless JSON (order maps)']) {
        await page.getByLabel(shape).check();
        await page.evaluate(() => document.getElementById('verdict')?.remove());
        await page.getByRole('button', { name: 'Validate', exact: true }).click();
        await expect(page.locator('#verdict'), `${profile} ${shape}`).toHaveText('valid');
      }
      if (profile === 'uai.intent.request.v1') await expect(page.locator('#level')).toHaveText('L4');
    }
  });

  test('switching keyed and keyless loses nothing: what one form has no place for comes back on switching back', async ({
    page,
  }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/validate/');
    const textarea = page.locator('#message');
    const [keyed, keyless] = [page.getByLabel('Keyed JSON'), page.getByLabel('Keyless JSON (order maps)')];
    // The published example converts both ways whole: no note, and back is the same text.
    const example = await textarea.inputValue();
    await keyless.check();
    await expect(textarea).toHaveValue(/^\[/);
    await expect(page.locator('#form-note')).toHaveCount(0);
    await keyed.check();
    await expect(textarea).toHaveValue(example);
    // A member no profile registers has no place in the keyless form: a note says so, and back
    // before an edit gives the text as it was, character for character.
    const own = example.replace('"uai_version": "1.0",', '"uai_version": "1.0",\n  "x_vendor": { "keep": 1 },');
    expect(own).not.toBe(example);
    await textarea.fill(own);
    await keyless.check();
    await expect(page.locator('#form-note')).toContainText('no place in the keyless form');
    await expect(textarea).not.toHaveValue(/x_vendor/);
    await keyed.check();
    await expect(textarea).toHaveValue(own);
    // Text that is not JSON, or nested past the browser's stack, stays as it is, with a note.
    for (const text of ['{"a": ', `${'['.repeat(200_000)}${']'.repeat(200_000)}`]) {
      await textarea.fill(text);
      await (text.startsWith('{') ? keyless : keyed).check();
      await expect(page.locator('#form-note')).toContainText('left as it is');
      expect(await textarea.inputValue()).toBe(text);
    }
    expect(problems).toEqual([]);
  });

  test('an edited example shows the issue, its path and a working error-registry link', async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/validate/');
    const textarea = page.locator('#message');
    await textarea.fill((await textarea.inputValue()).replace('"uai_version": "1.0"', '"uai_version": "2.0"'));
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(page.locator('#verdict')).toHaveText('invalid');
    const issue = page.locator('li[data-issue="envelope.version_unsupported"]');
    await expect(issue).toBeVisible();
    await expect(issue.locator('[data-path]')).toHaveText('/uai_version');
    const link = issue.locator('a[data-code="envelope.version_unsupported"]');
    await expect(link).toHaveAttribute('href', '/error-registry/#envelope.version_unsupported');
    await link.click();
    await expect(page).toHaveURL(/\/error-registry\/#envelope\.version_unsupported$/);
    await expect(page.locator('[id="envelope.version_unsupported"]')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the conformance record downloads as <message_id>.json and validates', async ({ page, request }) => {
    await page.goto('/playground/validate/');
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(page.locator('#verdict')).toHaveText('valid');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-record').click()]);
    const record = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(record.profile).toBe('uai.conformance.result.v1');
    expect(download.suggestedFilename()).toBe(`${record.message_id}.json`);
    const check = await (
      await request.post('/v1/validate', {
        data: { message: record, normalization_mode: 'keyed-json', format: 'result' },
      })
    ).json();
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
  });

  test('text that is not JSON is reported in the page, not sent', async ({ page }) => {
    await page.goto('/playground/validate/');
    await page.locator('#message').fill('{ not json');
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(page.locator('[data-problem="client"]')).toContainText('not valid JSON');
  });
});

test.describe('mock-exchange playground', () => {
  test('accepted-task shows the simulated 202 and the response message', async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/mock-exchange/');
    await page.locator('#scenario').selectOption('accepted-task');
    await page.getByRole('button', { name: 'Run the exchange' }).click();
    await expect(page.locator('#http-status')).toHaveText('202');
    await expect(page.locator('#summary')).not.toBeEmpty();
    await expect(page.locator('#response-message')).toContainText('"profile": "uai.intent.response.v1"');
    await expect(page.locator('#response-message')).toContainText('"status": "accepted"');
    expect(problems).toEqual([]);
  });

  test('completed-response and typed-error show 200 and 422', async ({ page }) => {
    await page.goto('/playground/mock-exchange/');
    for (const [scenario, status] of [
      ['completed-response', '200'],
      ['typed-error', '422'],
    ]) {
      await page.locator('#scenario').selectOption(scenario!);
      await page.getByRole('button', { name: 'Run the exchange' }).click();
      await expect(page.locator('#http-status')).toHaveText(status!);
    }
    await expect(page.locator('#response-message')).toContainText('"profile": "uai.error.v1"');
  });
});
