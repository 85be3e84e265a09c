/**
 * UAI-1 starter: TypeScript, no dependencies, built-in fetch. Runs on Node 22.18 or newer, which
 * strips the types itself, or with `npx tsx` on Node 18 or newer. An ES module by its extension
 * (.mts), so its top-level await works whatever package.json sits next to the copied file.
 *
 *   node uai-starter.mts http://localhost:4321/v1
 *   npx tsx uai-starter.mts http://localhost:4321/v1
 *
 * Steps: fetch the catalog, take the first packet (the `message` of the published
 * uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
 * exchange (POST /mock-exchange), print a short summary. Exits 1 when any step fails
 * (network or HTTP error, invalid message, simulated status other than 202), 2 on usage.
 */

interface Issue { code: string; path: string; message: string }
interface Catalog { routes: unknown[] }
interface ExampleRecord { message: { message_id: string } & Record<string, unknown> }
interface ValidatorResult { valid: boolean; conformance_level: string | null; errors: Issue[] }
interface ExchangeResult { http_status: number; response_message: { message_id: string } }

/** Send one request and return the parsed JSON answer; any HTTP error status is a failure. */
async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Errors are RFC 9457 problem documents: show them as they are.
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function run(base: string): Promise<void> {
  // 1. The catalog lists every route of the service.
  const catalog = await call<Catalog>('GET', `${base}/catalog`);
  console.log(`catalog: ${catalog.routes.length} routes`);

  // 2. The first packet: the published example of uai.intent.request.v1.
  const { message } = await call<ExampleRecord>('GET', `${base}/examples/uai.intent.request.v1`);

  // 3. Validate it. An invalid message is still HTTP 200, with valid false and its errors.
  const result = await call<ValidatorResult>('POST', `${base}/validate`, { message });
  if (!result.valid) {
    const issues = result.errors.map((i) => `${i.path || '(root)'} ${i.code}: ${i.message}`).join('; ');
    throw new Error(`the first packet is not valid: ${issues}`);
  }
  console.log(`validate: valid, level ${result.conformance_level}`);

  // 4. Mock exchange: the reference server accepts the task and answers 202.
  const exchange = await call<ExchangeResult>('POST', `${base}/mock-exchange`, { scenario: 'accepted-task', format: 'exchange', message });
  if (exchange.http_status !== 202) throw new Error(`the mock exchange answered ${exchange.http_status}, expected 202`);
  console.log(`mock exchange: simulated status ${exchange.http_status}, response ${exchange.response_message.message_id}`);
  console.log('OK: the first packet validates and the accepted-task exchange works.');
}

const base = process.argv[2];
if (process.argv.length !== 3 || !base) {
  console.error('usage: node uai-starter.mts <base_url>   (for example http://localhost:4321/v1)');
  process.exit(2);
}
try {
  await run(base.replace(/\/+$/, ''));
} catch (error) {
  // fetch reports a refused connection as "fetch failed" with the real reason in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
}
