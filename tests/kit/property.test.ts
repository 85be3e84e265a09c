import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchangeMessages, seal } from '../../src/engine/index.ts';
import { DEFAULT_LIMITS, failsRun, judgeServer } from '../../src/kit/index.ts';
import { answerOf } from '../../src/kit/server/http.ts';
import type { Observation, Observations } from '../../src/kit/server/observe.ts';
import { runKit } from '../../src/kit/server/run.ts';
import { startKitServer, type KitServer } from './harness.ts';

/**
 * The kit and the hosted check are one judge, in both directions. One live run against the
 * reference server is recorded; then each property run changes one answer of it (drops, adds,
 * retypes or alters a member, gives it the id of another message of its exchange, reseals it or
 * not, alters its HTTP status or media type) and judges the changed observations in-process, as
 * `uai test` would have judged that server.
 *   1. Every change that POST /v1/check-exchange rejects (either message invalid, or an exchange
 *      rule broken, message.own_ids among them) fails the kit's run.
 *   2. Every change that fails the kit's run is rejected by check-exchange or the validator. Here
 *      the changes keep what only the wire shows (a JSON media type, a poll answered 200), which
 *      the hosted check has no input for; the first property covers those too.
 * Every pair the exchange rules reject carries at least one failed rule with a finding.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
let server: KitServer;
let recorded: Observations;
beforeAll(async () => {
  server = await startKitServer();
  recorded = await runKit({ endpoint: server.endpoint, limits: DEFAULT_LIMITS, now: NOW, runId: RUN_ID });
});
afterAll(async () => server.stop());

const TARGETS = ['async', 'sync', 'unknown-subject', 'poll', 'poll-again'] as const;
const MEDIA_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.example+json',
  'text/plain',
  'text/html; charset=utf-8',
  'application/octet-stream',
  'application/json; charset=iso-8859-1',
];
const STATUSES = [200, 201, 202, 204, 301, 400, 404, 409, 422, 500, 503];

type Json = unknown;
/** Every pointer of a JSON value, the root included. */
function pointers(v: Json, at = ''): string[] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, `${at}/${i}`)));
  else if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v))
      out.push(...pointers(x, `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`));
  return out;
}
const segments = (p: string) =>
  p
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));

/** The value with `f` applied at the pointer (f returns undefined to drop it; the root cannot be dropped). */
function edit(v: Json, pointer: string, f: (x: Json) => Json): Json {
  if (pointer === '') return f(v) ?? null;
  const copy = structuredClone(v) as Record<string, Json>;
  const path = segments(pointer);
  let parent: Record<string, Json> = copy;
  for (const s of path.slice(0, -1)) parent = parent[s] as Record<string, Json>;
  const key = path.at(-1)!;
  const next = f(parent[key]);
  if (next !== undefined) parent[key] = next;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}

const OTHER_TYPES: Json[] = ['text', 7, 0.5, true, null, [], {}];
const alter = (x: Json): Json =>
  typeof x === 'string'
    ? `${x}x`
    : typeof x === 'number'
      ? x + 1
      : typeof x === 'boolean'
        ? !x
        : Array.isArray(x)
          ? [...x, 'extra']
          : x === null
            ? 0
            : { ...(x as object), extra_member: 'x' };

/** Identifier reuse inside one exchange: the answer carries the id of its request, or of the message it follows. */
const REUSE = ['reuse-request-id', 'reuse-previous-id'] as const;

/** The members the exchange rules and message.own_ids read: half the changes aim at one of them. */
const LINKAGE = [
  '/message_id',
  '/profile',
  '/conversation/conversation_id',
  '/conversation/parent_message_id',
  '/conversation/sequence',
  '/source/id',
  '/target/id',
  '/target/type',
  '/delivery/mode',
  '/delivery/priority',
  '/delivery/expires_at',
  '/delivery/reply_requested',
  '/delivery/task_ref',
  '/body/status',
  '/body/subject',
  '/body/task_ref',
  '/body/result/task_id',
  '/body/request_message_id',
  '/body/code',
  '/body/task_id',
  '/body/state',
  '/provenance/trace_id',
  '/trust/channel',
];

const change = fc.record({
  target: fc.constantFrom(...TARGETS),
  at: fc.nat(),
  aim: fc.boolean(),
  op: fc.constantFrom('drop', 'add', 'retype', 'alter', 'none', ...REUSE),
  value: fc.oneof(fc.constantFrom(...OTHER_TYPES), fc.string({ maxLength: 8 }), fc.integer()),
  name: fc.constantFrom('extra', 'message_id', 'status', 'task_ref', 'profile', 'x-y'),
  reseal: fc.boolean(),
  status: fc.option(fc.constantFrom(...STATUSES), { freq: 4 }),
  mediaType: fc.option(fc.constantFrom(...MEDIA_TYPES), { freq: 4 }),
});
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function mutate(json: Json, c: Change, x: Observation): Json {
  const all = pointers(json);
  const aimed = LINKAGE.filter((p) => all.includes(p));
  const pointer = c.aim && aimed.length ? aimed[c.at % aimed.length]! : all[c.at % all.length]!;
  let out = json;
  const idOf = (m: unknown) => (m as { message_id?: unknown } | undefined)?.message_id;
  if (c.op === 'reuse-request-id') out = edit(json, '/message_id', () => idOf(x.request));
  if (c.op === 'reuse-previous-id') out = edit(json, '/message_id', () => idOf(x.previous) ?? idOf(x.request));
  if (c.op === 'drop') out = edit(json, pointer, () => undefined);
  if (c.op === 'retype')
    out = edit(json, pointer, (x) => (typeof x === typeof c.value ? OTHER_TYPES[c.at % 7] : c.value));
  if (c.op === 'alter') out = edit(json, pointer, alter);
  if (c.op === 'add')
    out = edit(json, pointer, (x) =>
      typeof x === 'object' && x !== null && !Array.isArray(x) ? { ...x, [c.name]: c.value } : x,
    );
  const isMessage = typeof out === 'object' && out !== null && !Array.isArray(out);
  return c.reseal && isMessage ? seal(out as Record<string, unknown>) : out;
}

/** The recorded run with one answer changed; the answers that follow it (polls) follow the changed one. */
function changed(c: Change): { obs: Observations; mutated: Observation } {
  const exchanges = [...recorded.exchanges];
  const i = exchanges.findIndex((x) => x.scenario === c.target);
  const old = exchanges[i]!;
  const json = mutate(old.answer.json, c, old);
  const answer = answerOf(
    c.status ?? old.answer.status,
    c.mediaType ?? old.answer.contentType,
    new TextEncoder().encode(JSON.stringify(json)),
  );
  exchanges[i] = { ...old, answer };
  const next = { async: 'poll', poll: 'poll-again' }[c.target as string];
  const j = exchanges.findIndex((x) => x.scenario === next);
  if (j >= 0) exchanges[j] = { ...exchanges[j]!, previous: answer.json };
  return { obs: { ...recorded, exchanges }, mutated: exchanges[i]! };
}

const isJson = (contentType: string) => {
  const [essence, ...params] = contentType.toLowerCase().split(';');
  const charset = params.map((p) => p.trim()).find((p) => p.startsWith('charset='));
  return (
    /^application\/([a-z0-9.+-]+\+)?json$/.test(essence!.trim()) &&
    (charset === undefined || charset === 'charset=utf-8')
  );
};

/** What the hosted check says of one exchange; the unchanged exchanges of the recorded run are asked once. */
const said = new WeakMap<Observation, string[]>();
function hostedSaysOf(x: Observation): string[] {
  const known = said.get(x);
  if (known) return known;
  const why: string[] = [];
  const result = checkExchangeMessages(
    {
      request: x.request,
      response: x.answer.json,
      mode: 'keyed-json',
      httpStatus: x.answer.status,
      ...(x.previous !== undefined ? { previous: x.previous } : {}),
    },
    { site: server.site, now: () => NOW },
  );
  if (!result.conforms) why.push(`${x.scenario}: check-exchange conforms false`);
  // A pair the rules reject always says why: at least one failed rule with a finding.
  if (!result.exchange.conforms)
    expect(result.exchange.verdicts.some((v) => v.status === 'fail' && v.findings.length > 0)).toBe(true);
  if (!isJson(x.answer.contentType)) why.push(`${x.scenario}: media type ${x.answer.contentType}`);
  if (x.scenario.startsWith('poll') && x.answer.status !== 200) why.push(`${x.scenario}: poll HTTP ${x.answer.status}`);
  said.set(x, why);
  return why;
}

/** What the hosted check (and the answers' media types and poll statuses) say of the changed run. */
function hostedSays(obs: Observations): { conforms: boolean; why: string[] } {
  const why = obs.exchanges.filter((x) => (TARGETS as readonly string[]).includes(x.scenario)).flatMap(hostedSaysOf);
  return { conforms: why.length === 0, why };
}

/** What the kit says of the changed run: the checks that fail it. */
const kitFails = (obs: Observations) =>
  judgeServer(obs, server.site, NOW)
    .filter(failsRun)
    .map((v) => `${v.id} (${v.status}): ${v.evidence[0] ?? ''}`);

/** Changes that keep what only the wire shows: a JSON media type (UTF-8), and a poll answered 200. */
const JSON_TYPES = MEDIA_TYPES.filter((t) => isJson(t));
const messageChange = change
  .map((c) => ({
    ...c,
    mediaType: c.mediaType === null ? null : JSON_TYPES[c.at % JSON_TYPES.length]!,
    status: c.target.startsWith('poll') ? null : c.status,
  }))
  // Reuse is the point of these properties: one change in four gives an answer the id of its exchange's request or predecessor.
  .chain((c) => fc.constantFrom(c, c, c, { ...c, op: REUSE[c.at % 2]!, reseal: true }));

describe('the kit agrees with check-exchange and the validator, both ways', () => {
  it('the recorded run passes and conforms', () => {
    expect(kitFails(recorded)).toEqual([]);
    expect(hostedSays(recorded)).toEqual({ conforms: true, why: [] });
  });

  // About 10 s alone on one core, twice that on a loaded CI machine: their own timeouts.
  it('on 2,000 changed answers: whatever check-exchange rejects fails the run', { timeout: 240_000 }, () => {
    let rejected = 0;
    let reused = 0;
    fc.assert(
      fc.property(change, (c) => {
        const { obs } = changed(c);
        const hosted = hostedSays(obs);
        if (hosted.conforms) return;
        rejected += 1;
        if ((REUSE as readonly string[]).includes(c.op)) reused += 1;
        expect({ hosted: hosted.why, kit: kitFails(obs) }).toMatchObject({
          kit: expect.arrayContaining([expect.any(String)]),
        });
      }),
      { numRuns: 2000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 24) },
    );
    // The changes are not all harmless: most break the pair, and some reuse an id.
    expect(rejected).toBeGreaterThan(1000);
    expect(reused).toBeGreaterThan(50);
  });

  it(
    'on 2,000 changed answers: whatever fails the run, check-exchange or the validator rejects',
    { timeout: 240_000 },
    () => {
      let failing = 0;
      let conforming = 0;
      let ownIds = 0;
      fc.assert(
        fc.property(messageChange, (c) => {
          const { obs } = changed(c);
          const kit = kitFails(obs);
          const hosted = hostedSays(obs);
          if (hosted.conforms) conforming += 1;
          if (!kit.length) return;
          failing += 1;
          if (kit.some((k) => k.startsWith('message.own_ids'))) ownIds += 1;
          expect({ kit, hosted: hosted.why }).toMatchObject({ hosted: expect.arrayContaining([expect.any(String)]) });
        }),
        { numRuns: 2000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 42) },
      );
      expect(failing).toBeGreaterThan(1000);
      expect(conforming).toBeGreaterThan(50);
      expect(ownIds).toBeGreaterThan(100);
    },
  );
});
