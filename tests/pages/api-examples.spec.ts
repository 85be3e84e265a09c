import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AXE_TAGS, watchErrors } from './helpers.ts';

/**
 * The API reference lists every response example of the OpenAPI document, collapsed; opening
 * one loads the document once and shows the example itself, with a working copy button.
 */
test('every response example is listed, and opening one shows the document example, copyable', async ({
  page,
  request,
  context,
}) => {
  const doc = await (await request.get('/v1/openapi.json')).json();
  const refs = Object.values(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)
    .flatMap((item) => Object.values(item))
    .flatMap((op) => Object.values(op.responses) as { content?: Record<string, { examples?: object }> }[])
    .flatMap((r) => Object.values(r.content ?? {}).flatMap((c) => Object.values(c.examples ?? {})));
  const problems = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const documents: string[] = [];
  page.on('request', (r) => r.url().endsWith('/v1/openapi.json') && documents.push(r.url()));
  await page.goto('/api/');
  const details = page.locator('details.example');
  await expect(details).toHaveCount(refs.length);
  expect(documents).toEqual([]); // nothing is fetched before an example is opened

  for (const name of ['typed-error', 'route.not_found']) {
    const example = page.locator(`details.example[data-example="${name}"]`).first();
    await example.locator('summary').click();
    const code = example.locator('pre code');
    await expect(code).toHaveText(JSON.stringify(doc.components.examples[name].value, null, 2));
    await example.getByRole('button', { name: 'Copy' }).click();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(
      doc.components.examples[name].value,
    );
  }
  expect(documents).toHaveLength(1);
  const axe = await new AxeBuilder({ page }).include('#postMockExchange').withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(problems).toEqual([]);
});
