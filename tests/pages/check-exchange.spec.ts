import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { exchangeFixtures } from '../../src/engine/index.ts';
import { site } from '../../src/build/records.ts';
import { KIT_CHECKS as SERVER_CHECKS, TEST_CHECKS as KIT_CHECKS } from '../../src/standard/kit-checks.ts';
import { watchErrors } from './helpers.ts';

/** The exchange-check playground against the real POST /v1/check-exchange, and the test-kit pages. */
const fixtures = exchangeFixtures(site);
const SHOTS = 'test-results/screenshots';

test.describe('exchange-check playground', () => {
  test('offers every fixture pair, valid and broken', async ({ page }) => {
    await page.goto('/playground/check-exchange/');
    const ids = await page
      .locator('#fixture option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(ids).toEqual([...fixtures.valid, ...fixtures.invalid].map((f) => f.id));
  });

  test('the page embeds the first pair only and fetches another when it is picked', async ({ page, request }) => {
    const html = await (await request.get('/playground/check-exchange/')).text();
    expect(html.length).toBeLessThan(40_000);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/playground/check-exchange/');
    await expect(page.locator('#result')).toContainText(`Loaded ${fixtures.valid[0]!.id}`);
    expect(fetched).not.toContain('/playground/check-exchange/fixtures.json');
    const other = fixtures.invalid[0]!;
    await page.getByLabel('Start from a fixture').selectOption(other.id);
    await expect(page.locator('#result')).toContainText(`Loaded ${other.id}`);
    // The pair shown is the one fetched under that id ("Loaded <id>" names the fixture object shown);
    // its members hold the build's origin, which this process may not know, so only its shape is compared.
    const response = JSON.parse(await page.locator('#response').inputValue());
    expect(response.profile).toBe((other.response as { profile: string }).profile);
    expect(Object.keys(response)).toEqual(Object.keys(other.response as object));
    await expect(page.locator('#http-status-input')).toHaveValue(String(other.http_status));
    expect(fetched).toContain('/playground/check-exchange/fixtures.json');
  });

  test('picking the first pair while another is loading leaves Check usable', async ({ page }) => {
    // The other pairs come late, so the first is picked back while they load.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/playground/check-exchange/fixtures.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/playground/check-exchange/');
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await page.getByLabel('Start from a fixture').selectOption(fixtures.invalid[0]!.id);
    await expect(check).toBeDisabled();
    await page.getByLabel('Start from a fixture').selectOption(fixtures.valid[0]!.id);
    release();
    await expect(page.locator('#result')).toContainText(`Loaded ${fixtures.valid[0]!.id}`);
    await page.waitForLoadState('networkidle');
    await expect(check).toBeEnabled();
  });

  test('every valid fixture pair conforms', async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/check-exchange/');
    for (const fixture of fixtures.valid) {
      await page.getByLabel('Start from a fixture').selectOption(fixture.id);
      await expect(page.locator('#http-status-input')).toHaveValue(String(fixture.http_status));
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.locator('#conforms'), fixture.id).toHaveText('conforms');
      await expect(page.locator('#verdicts tr[data-status="fail"]')).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });

  test('a broken pair shows its failing rule and the pointer of the finding', async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto('/playground/check-exchange/');
    const broken = fixtures.invalid.find((f) => f.id === 'exchange-sequence')!;
    await page.getByLabel('Start from a fixture').selectOption(broken.id);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.locator('#conforms')).toHaveText('does not conform');
    const row = page.locator(`#verdicts tr[data-rule="${broken.fails[0]}"]`);
    await expect(row).toHaveAttribute('data-status', 'fail');
    await expect(row.locator('[data-path]')).toHaveText('/conversation/sequence');
    await expect(page.locator('#verdicts tr[data-status="fail"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('every broken pair fails exactly the rules it names', async ({ page }) => {
    await page.goto('/playground/check-exchange/');
    for (const fixture of fixtures.invalid) {
      await page.getByLabel('Start from a fixture').selectOption(fixture.id);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.locator('#conforms'), fixture.id).toBeVisible();
      const failing = await page
        .locator('#verdicts tr[data-status="fail"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule')));
      expect(failing, fixture.id).toEqual([...fixture.fails]);
    }
  });

  test('an edited request is judged as sent, and bad JSON is refused before any request', async ({ page }) => {
    await page.goto('/playground/check-exchange/');
    const response = page.locator('#response');
    await response.fill(
      (await response.inputValue()).replace(/"conversation_id": "[^"]+"/, '"conversation_id": "conv-edited"'),
    );
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.locator('#conforms')).toHaveText('does not conform');
    await expect(page.locator('#verdicts tr[data-rule="exchange.conversation_id"]')).toHaveAttribute(
      'data-status',
      'fail',
    );
    // The edit breaks the checksum too: the response's validation lists that issue with its registry link.
    await expect(page.locator('[data-validation="response"] a[data-code]').first()).toHaveAttribute(
      'href',
      /^\/error-registry\/#/,
    );
    await response.fill('{ not json');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.locator('[data-problem="client"]')).toContainText('response: The message is not valid JSON');
  });

  test('usable at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/playground/check-exchange/');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.locator('#conforms')).toHaveText('conforms');
    await page.getByLabel('Start from a fixture').selectOption('exchange-task-ref-agrees');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.locator('#conforms')).toHaveText('does not conform');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('#result').screenshot({ path: `${SHOTS}/playground-check-exchange-360.png` });
  });
});

test("the exchange-check playground speaks the page's language; rule ids, statuses and findings stay as the API answers", async ({
  page,
}) => {
  const problems = watchErrors(page);
  const broken = fixtures.invalid[0]!;
  await page.goto('/fr/playground/check-exchange/');
  await expect(page.locator('#result')).toContainText(`${fixtures.valid[0]!.id} chargé`);
  await page.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(page.locator('#conforms')).toHaveText('conforme');
  await expect(page.locator('#verdicts caption')).toHaveText("Verdicts des règles d'échange");
  await page.getByLabel("Partir d'un jeu d'essai").selectOption(broken.id);
  await expect(page.locator('#result')).toContainText(`${broken.id} chargé`);
  await page.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(page.locator('#conforms')).toHaveText('non conforme');
  await expect(page.locator(`#verdicts tr[data-rule="${broken.fails[0]}"] .rule-status`)).toHaveText('fail');
  await expect(page.locator('#rule-counts')).toContainText('échouées');
  expect(problems).toEqual([]);
});

test.describe('test-kit pages', () => {
  test('the test page lists every kit check with an anchor', async ({ page }) => {
    await page.goto('/test-your-implementation/');
    for (const check of KIT_CHECKS) {
      const row = page.locator(`[id="${check.id}"]`);
      await expect(row, check.id).toHaveCount(1);
      await expect(row.locator(`a[href="#${check.id}"]`)).toBeVisible();
    }
    await expect(page.locator('button[data-copy="kit-commands"]')).toBeVisible();
  });

  test('the error registry has an anchor per kit check, as the kit result help_url expects', async ({ page }) => {
    await page.goto('/error-registry/#test-kit-checks');
    await expect(page.getByRole('heading', { name: 'Test-kit checks' })).toBeVisible();
    for (const check of KIT_CHECKS) await expect(page.locator(`[id="${check.id}"]`), check.id).toHaveCount(1);
    await page.goto(`/error-registry/#${SERVER_CHECKS[0].id}`);
    await expect(page.locator(`[id="${SERVER_CHECKS[0].id}"]`)).toBeInViewport();
  });
});
