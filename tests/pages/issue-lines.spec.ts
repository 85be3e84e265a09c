import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers.ts';

/**
 * The validator playground marks each issue on its line of the message (issue 18, item 6): a
 * gutter mark on the line, and a "go to line" button per issue that puts the caret on the member.
 */
const validate = (page: Page) => page.getByRole('button', { name: 'Validate', exact: true }).click();

/** 1-based line of the first occurrence of `needle` in the editor's text, and its offset. */
const lineOf = (text: string, needle: string) => {
  const offset = text.indexOf(needle);
  expect(offset, needle).toBeGreaterThanOrEqual(0);
  return { line: text.slice(0, offset).split('\n').length, offset };
};

test('a keyed issue is marked on its line and the button moves the caret to the member', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/playground/validate/');
  const textarea = page.locator('#message');
  const text = (await textarea.inputValue()).replace('"sequence": 1', '"sequence": "1"');
  await textarea.fill(text);
  await validate(page);
  const issue = page.locator('li[data-issue]', { has: page.locator('[data-path="/conversation/sequence"]') });
  await expect(issue).toBeVisible();
  const { line, offset } = lineOf(text, '"sequence": "1"');
  const go = issue.getByRole('button', { name: `Go to line ${line}` });
  await expect(go).toBeVisible();
  await expect(page.locator(`#message-gutter span:nth-child(${line})`)).toHaveClass('mark-error');
  // Every marked line is the line of an issue (the checksum no longer matches either), and back.
  const marked = await page
    .locator('#message-gutter span')
    .evaluateAll((lines) => lines.flatMap((l, i) => (l.className ? [i + 1] : [])));
  const issueLines = await page
    .locator('button.go-to-line')
    .evaluateAll((buttons) => buttons.map((b) => Number((b as HTMLElement).dataset.line)));
  expect(marked).toEqual([...new Set(issueLines)].sort((a, b) => a - b));
  await go.click();
  await expect(textarea).toBeFocused();
  const selection = await textarea.evaluate((t: HTMLTextAreaElement) =>
    t.value.slice(t.selectionStart, t.selectionEnd),
  );
  expect(selection).toBe('"sequence": "1"');
  expect(await textarea.evaluate((t: HTMLTextAreaElement) => t.selectionStart)).toBe(offset);
  // The marked line is in view in the editor, and its number sits level with it.
  const [gutterLine, box] = [
    await page.locator(`#message-gutter span:nth-child(${line})`).boundingBox(),
    await textarea.boundingBox(),
  ];
  expect(gutterLine!.y).toBeGreaterThanOrEqual(box!.y);
  expect(gutterLine!.y + gutterLine!.height).toBeLessThanOrEqual(box!.y + box!.height);
  // Editing the message clears the marks of the last validation.
  await textarea.press('End');
  await textarea.type(' ');
  await expect(page.locator('#message-gutter .mark-error')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an issue of a keyless message is marked on the line of its array position', async ({ page }) => {
  await page.goto('/playground/validate/');
  await page.getByLabel('Keyless JSON (order maps)').check();
  const textarea = page.locator('#message');
  await expect(textarea).toHaveValue(/^\[/);
  const keyless = JSON.parse(await textarea.inputValue());
  // uai_version is the first position of the envelope map; make it unsupported.
  expect(keyless[0]).toBe('1.0');
  const text = (await textarea.inputValue()).replace('"1.0"', '"2.0"');
  await textarea.fill(text);
  await validate(page);
  const issue = page.locator('li[data-issue="envelope.version_unsupported"]');
  await expect(issue.locator('[data-path]')).toHaveText('/uai_version');
  const { line, offset } = lineOf(text, '"2.0"');
  await issue.getByRole('button', { name: `Go to line ${line}` }).click();
  await expect(page.locator(`#message-gutter span:nth-child(${line})`)).toHaveClass(/mark-/);
  expect(await textarea.evaluate((t: HTMLTextAreaElement) => [t.selectionStart, t.selectionEnd])).toEqual([
    offset,
    offset + '"2.0"'.length,
  ]);
});

test('a missing member is placed on the object it belongs in', async ({ page }) => {
  await page.goto('/playground/validate/');
  const textarea = page.locator('#message');
  const message = JSON.parse(await textarea.inputValue());
  delete message.conversation.sequence;
  const text = JSON.stringify(message, null, 2);
  await textarea.fill(text);
  await validate(page);
  const issue = page.locator('li[data-issue]', { has: page.locator('[data-path="/conversation/sequence"]') });
  const { line } = lineOf(text, '"conversation": {');
  await expect(issue.getByRole('button', { name: `Go to line ${line}` })).toBeVisible();
  await expect(issue).toContainText('where the missing member belongs');
});

test('text that is not JSON: the line of the syntax error is marked', async ({ page }) => {
  await page.goto('/playground/validate/');
  await page.locator('#message').fill('{\n  "a": 1,\n  "b": tru\n}');
  await validate(page);
  const problem = page.locator('[data-problem="client"]');
  await expect(problem).toContainText('Line 3, column');
  await expect(page.locator('#message-gutter span:nth-child(3)')).toHaveClass('mark-error');
  await problem.getByRole('button', { name: 'Go to line 3' }).click();
  await expect(page.locator('#message')).toBeFocused();
});

test('a hostile message near the body limit: counts in full, a hundred issues placed, the cut said', async ({
  page,
}) => {
  const problems = watchErrors(page);
  await page.goto('/playground/validate/');
  const textarea = page.locator('#message');
  // 20,000 empty constraint items: 20,000 type errors, one line of the editor each.
  const message = JSON.parse(await textarea.inputValue());
  message.body.constraints = Array.from({ length: 20_000 }, () => ({}));
  // Set as a paste would (one input event): typing 20,000 lines through fill() is the test's cost, not the page's.
  await textarea.evaluate(
    (t: HTMLTextAreaElement, text) => {
      t.value = text;
      t.dispatchEvent(new Event('input', { bubbles: true }));
    },
    JSON.stringify(message, null, 1),
  );
  await validate(page);
  await expect(page.locator('#counts')).toContainText('errors');
  const counts = (await page.locator('#counts').textContent())!;
  expect(Number(counts.split(' ')[0])).toBeGreaterThan(20_000);
  await expect(page.locator('li[data-issue]')).toHaveCount(100);
  await expect(page.locator('button.go-to-line')).toHaveCount(100);
  await expect(page.locator('#unlisted')).toContainText('more issues not listed');
  // The page still answers: a click on the last issue's button moves the caret to its line.
  await page.locator('button.go-to-line').last().click();
  await expect(textarea).toBeFocused();
  expect(problems).toEqual([]);
});

test('the gutter has one number per line of any text, and an edit keeps the numbers it does not add or remove', async ({
  page,
}) => {
  await page.goto('/playground/validate/');
  // Texts of random lines, with every line end the textarea knows (\n, \r\n, a lone \r).
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const ends = ['\n', '\r\n', '\r'];
  const texts = Array.from({ length: 30 }, () =>
    Array.from(
      { length: Math.floor(random() * 400) },
      () => 'x'.repeat(Math.floor(random() * 3)) + ends[Math.floor(random() * 3)],
    ).join(''),
  );
  const numbers = await page.evaluate((texts) => {
    const t = document.getElementById('message') as HTMLTextAreaElement;
    return texts.map((text) => {
      t.value = text;
      t.dispatchEvent(new Event('input'));
      return [...document.querySelectorAll('#message-gutter span')].map((s) => s.textContent);
    });
  }, texts);
  numbers.forEach((shown, i) => {
    const lines = texts[i]!.split(/\r\n|\r|\n/).length;
    expect(shown).toEqual(Array.from({ length: lines }, (_, n) => String(n + 1)));
  });
  // 20,000 lines: a keystroke that adds no line adds or replaces no number (rebuilding them all
  // froze the page). Set in the page: Playwright's fill of a text this long outwaits the test.
  await page.evaluate(
    (text) => {
      const t = document.getElementById('message') as HTMLTextAreaElement;
      t.value = text;
      t.dispatchEvent(new Event('input'));
      (window as any).numbers = [...document.querySelectorAll('#message-gutter span')];
    },
    `[${'\n0,'.repeat(20_000)}\n0]`,
  );
  await page.locator('#message').focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' 1');
  await page.keyboard.press('Enter');
  const kept = await page.evaluate(() => {
    const now = [...document.querySelectorAll('#message-gutter span')];
    const before = (window as any).numbers as Element[];
    return { count: now.length, same: before.every((n, i) => now[i] === n), last: now.at(-1)?.textContent };
  });
  expect(kept).toEqual({ count: 20_003, same: true, last: '20003' });
});
