/**
 * UAI-1 starter: TypeScript, no dependencies, built-in fetch. Runs on Node 22.18 or newer, which
 * strips the types itself, or with `npx tsx` on Node 18 or newer. An ES module by its extension
 * (.mts), so its top-level await works whatever package.json sits next to the copied file.
 *
 *   node uai-starter.mts http://localhost:4321/v1                          (the service)
 *   node uai-starter.mts client http://localhost:4321/v1/reference-server  (a UAI-1 endpoint)
 *
 * With a base URL: fetch the catalog, take the first packet (the `message` of the published
 * uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
 * exchange (POST /mock-exchange), print a short summary.
 *
 * With `client <endpoint>`: a UAI-1 client of an endpoint such as the reference server. It reads
 * the capability statement (GET of the endpoint), sends one fresh sealed uai.intent.request.v1
 * addressed to the statement's source (keyless when the endpoint only speaks keyless), waits out
 * a 429 or 503 as its Retry-After says, polls an accepted task once a second until it ends, and
 * reports a typed error without sending the message again. UAI_SCENARIO (set by `uai
 * test-client`) picks async delivery (`async`) or a follow-up turn (`follow-up`).
 *
 * Exits 1 when any step fails (network or HTTP error, invalid message, simulated status other
 * than 202, a typed error), 2 on usage.
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

// ---- The client of a UAI-1 endpoint -------------------------------------------------------

// A starter reads JSON answers as they come; a real client would type them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
const instant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** RFC 8785 (JCS) for the plain JSON this client builds: sorted member names, no whitespace. */
function jcs(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jcs).join(',')}]`;
  const o = v as Json;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${jcs(o[k])}`).join(',')}}`;
}

/** Seal: integrity.checksum is sha256 over the JCS form of the message without integrity. */
async function seal(message: Json): Promise<Json> {
  const { integrity: _, ...rest } = message;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(jcs(rest))));
  const checksum = `sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  return { ...rest, integrity: { version: 2, algorithm: 'sha256', canonicalization: 'jcs', checksum } };
}

/** A fresh request; after an answer, a follow-up in its conversation (its parent, the next sequence). */
async function request(target: Json, mode: 'sync' | 'async', after?: Json): Promise<Json> {
  const now = new Date();
  const trace = after?.provenance?.trace_id ?? hex(16);
  const conversation: Json = { conversation_id: after?.conversation?.conversation_id ?? `conv-starter-${hex(8)}`, turn_id: `turn-${hex(4)}` };
  if (after) conversation.parent_message_id = after.message_id;
  conversation.traceparent = `00-${trace}-${hex(8)}-01`;
  conversation.sequence = after ? after.conversation.sequence + 1 : 1;
  return seal({
    uai_version: '1.0',
    profile: 'uai.intent.request.v1',
    message_id: `msg-starter-${hex(8)}`,
    source: { type: 'agent', id: 'uai-starter-ts', label: 'UAI-1 TypeScript starter', role: 'requesting-agent', implementation: 'uai-starter.mts' },
    target: { type: target.type, id: target.id },
    conversation,
    delivery: { mode, priority: 'interactive', expires_at: instant(new Date(now.getTime() + 3_600_000)), reply_requested: true, ack_required: false },
    trust: { channel: 'public', auth_scheme: 'none' },
    body: {
      intent: 'resolve-profile',
      subject: 'uai.task.status.v1',
      requested_profile: 'uai.task.status.v1',
      parameters: { include_schema: false, include_example: false, include_field_registry: false },
      constraints: ['public-record-only', 'trace-linked'],
      response_profile: 'uai.intent.response.v1',
    },
    provenance: { trace_id: trace, issued_at: instant(now), agent_id: 'uai-starter-ts' },
    integrity: {},
  });
}

/** The keyless form of the request above: positions from the field registry's order maps. */
function keyless(m: Json): unknown[] {
  const { source: s, target: t, conversation: c, delivery: d, trust: r, body: b, provenance: p, integrity: i } = m;
  const or = (v: unknown) => v ?? null;
  return [
    m.uai_version, m.profile, m.message_id,
    [s.type, s.id, s.label, null, null, s.role, s.implementation],
    [t.type, t.id],
    [c.conversation_id, c.turn_id, or(c.parent_message_id), c.traceparent, c.sequence],
    [d.mode, d.priority, d.expires_at, d.reply_requested, d.ack_required],
    [r.channel, r.auth_scheme],
    [b.intent, b.subject, b.requested_profile, [b.parameters.include_schema, b.parameters.include_example, b.parameters.include_field_registry], b.constraints, b.response_profile],
    [p.trace_id, null, p.issued_at, null, p.agent_id],
    [i.version, i.algorithm, i.canonicalization, i.checksum],
  ];
}

/** POST one message; a 429 or 503 is waited out (Retry-After, in seconds) and the same message sent again. */
async function send(endpoint: string, message: Json, asKeyless: boolean): Promise<{ status: number; answer: Json }> {
  const text = JSON.stringify(asKeyless ? keyless(message) : message);
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: text });
    if ((response.status === 429 || response.status === 503) && attempt < 4) {
      const wait = Math.min(Number(response.headers.get('retry-after')) || 1, 60);
      console.log(`answer: ${response.status}, retrying after ${wait} s`);
      await response.body?.cancel();
      await sleep(wait * 1000);
      continue;
    }
    const json = await response.json();
    // A keyless answer: the envelope's first positions are uai_version, profile, message_id.
    const answer = Array.isArray(json) ? { profile: json[1], message_id: json[2] } : json;
    console.log(`answer: ${response.status} ${answer.profile ?? answer.code ?? 'not a message'} ${answer.message_id ?? ''}`);
    return { status: response.status, answer };
  }
}

async function client(endpoint: string): Promise<void> {
  const scenario = process.env.UAI_SCENARIO ?? '';
  const statementResponse = await fetch(endpoint, { headers: { accept: 'application/json' } });
  if (!statementResponse.ok) throw new Error(`GET ${endpoint}: HTTP ${statementResponse.status}`);
  const statement: Json = await statementResponse.json();
  const endpoints: Json[] = statement.body?.endpoints ?? [];
  const here = endpoints.filter((e) => e.url === endpoint).map((e) => e.binding);
  const asKeyless = !here.includes('https-json-keyed') && here.includes('https-json-keyless');
  const pollBase = endpoints.find((e) => e.binding === 'https-async-callback')?.url;

  let { status, answer } = await send(endpoint, await request(statement.source, scenario === 'async' ? 'async' : 'sync'), asKeyless);
  if (scenario === 'follow-up' && status === 200 && answer.profile !== 'uai.error.v1')
    ({ status, answer } = await send(endpoint, await request(statement.source, 'sync', answer), asKeyless));
  if (answer.profile === 'uai.error.v1' || status >= 400)
    throw new Error(`typed error ${answer.body?.code ?? answer.code ?? status}: ${answer.body?.message ?? answer.detail ?? ''}`);
  const ref = answer.delivery?.task_ref;
  if (status === 202 && typeof ref === 'string' && pollBase) {
    for (let poll = 1; poll <= 30; poll++) {
      const task: Json = await (await fetch(`${pollBase}${encodeURIComponent(ref)}`, { headers: { accept: 'application/json' } })).json();
      const state = task.body?.state;
      console.log(`task: ${state}`);
      if (['completed', 'failed', 'canceled'].includes(state)) {
        if (state !== 'completed') throw new Error(`the task ended ${state}`);
        break;
      }
      await sleep(1000);
    }
  }
  console.log(`OK: ${scenario || 'request'} done`);
}

const args = process.argv.slice(2);
const asClient = args[0] === 'client';
const base = asClient ? args[1] : args[0];
if (args.length !== (asClient ? 2 : 1) || !base) {
  console.error('usage: node uai-starter.mts <base_url>   (for example http://localhost:4321/v1)');
  console.error('       node uai-starter.mts client <endpoint_url>   (for example http://localhost:4321/v1/reference-server)');
  process.exit(2);
}
try {
  await (asClient ? client(base) : run(base.replace(/\/+$/, '')));
} catch (error) {
  // fetch reports a refused connection as "fetch failed" with the real reason in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
}
