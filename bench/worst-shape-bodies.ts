/**
 * Worst shapes as data: adversarial bodies for every POST route and every profile, each filled
 * to just under the 256 KiB body limit. They are what the "no request can stall the service"
 * bound is measured and tested on (bench/worst-shapes.ts times them; tests/http-inprocess/
 * worst-shapes.test.ts asserts their verdicts and answer sizes). Every shape is built from a
 * published example, so it tracks the standard as it changes.
 *
 * The families:
 * - wide: one array member of the message filled with empty objects, wrongly typed items, or
 *   items wrong in every member (each item raises several issues: the most issues per byte);
 * - unknown: thousands of unregistered members (one warning each);
 * - deep: siblings nested to the depth limit, and one level past it;
 * - duplicates: repeated member names, inside many objects, or in one object at the end of a path
 *   as long as the limit allows (every issue then carries that path), and past it;
 * - long: one string or one key as long as the limit allows;
 * - long numbers: thousands of numbers a double cannot hold (20-digit integers) in one array, in
 *   the body and at the end of a path as long as the limit allows;
 * - keyless: a keyless array of nulls and wrong types, and of long numbers (past the envelope's
 *   map, and in a free-form member).
 */
import {
  MAX_DEPTH,
  MAX_PATH_CHARS,
  messageToKeyless,
  publishedExamples,
  seal,
  type JsonObject,
} from '../src/engine/index.ts';
import type { CoreHandler, CoreReply } from '../src/http/core.ts';
import { MAX_BODY_BYTES } from '../src/http/request-body.ts';
import type { ProfileId } from '../src/standard/profiles.ts';
import { siteFor } from '../src/standard/urls.ts';

export type WorstRoute = 'validate' | 'check-exchange' | 'mock-exchange' | 'reference-server';

export interface WorstShape {
  /** route/profile/family, unique. */
  readonly name: string;
  readonly route: WorstRoute;
  readonly profile: ProfileId;
  /** The request body's text, at most MAX_BODY_BYTES UTF-8 bytes. */
  readonly text: string;
  /** The hostile message's own text inside the body (repeated names and a number's digits exist only there). */
  readonly messageText: string;
}

const site = siteFor();
/** Room left for the wrapper and the rest of the message when an array or string is filled. */
export const FULL_BUDGET = MAX_BODY_BYTES - 512;
/** Small bodies: where an answer's fixed part (a SARIF log's rules, a record's envelope) weighs most. */
export const SMALL_BUDGET = 4_096;

const exampleOf = (profile: ProfileId): JsonObject =>
  structuredClone(publishedExamples(site).find((e) => e.profile === profile)!.message) as JsonObject;

const bytes = (text: string): number => Buffer.byteLength(text);

/** A message with the value at `path` replaced (parents made as needed), sealed so its checksum holds. */
function withValue(message: JsonObject, path: readonly string[], value: unknown): JsonObject {
  const copy = structuredClone(message);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return seal(copy);
}

/**
 * About the largest n for which `make(n)` fits the budget: a linear estimate from two sizes, then
 * shrunk in proportion while over (names such as x9999 grow with n).
 */
function fillTo(make: (n: number) => string, budget: number, wrap: (made: string) => string = (m) => m): string {
  const size = (n: number) => bytes(wrap(make(n)));
  const one = size(1);
  const two = size(2);
  let n = Math.max(1, Math.floor((budget - one) / Math.max(1, two - one)) + 1);
  let made = make(n);
  while (bytes(wrap(made)) > budget && n > 1) {
    n = Math.max(1, Math.floor((n * budget) / bytes(wrap(made))) - 1);
    made = make(n);
  }
  if (bytes(wrap(made)) > MAX_BODY_BYTES)
    throw new Error(`worst shape over the body limit: ${bytes(wrap(made))} bytes`);
  return made;
}

/** Every array member of a message (JSON Pointer segments), found in its published example. */
function arrayPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (Array.isArray(value)) out.push(path);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) arrayPaths(child, [...path, key], out);
  return out;
}

/** Items wrong in every member: each raises a type, format or value issue. */
const WRONG_ITEM = { code: 1, severity: 'loud', path: 2, message: [], help_url: 'not a url', id: {}, type: 0 };

const ITEMS: Readonly<Record<string, unknown>> = { empty: {}, 'wrong-type': 0, 'wrong-members': WRONG_ITEM };

/** The message families for one profile: each a function of a wrapper that turns a message into a body. */
function messageShapes(
  profile: ProfileId,
  wrap: (message: string) => string,
  budget: number,
): Record<string, { text: string; messageText: string }> {
  const texts = messageTexts(profile, wrap, budget);
  return Object.fromEntries(
    Object.entries(texts).map(([family, messageText]) => [family, { text: wrap(messageText), messageText }]),
  );
}

/** The hostile messages of one profile, each sized so that its wrapped body fills the budget. */
function messageTexts(profile: ProfileId, wrap: (message: string) => string, budget: number): Record<string, string> {
  const base = exampleOf(profile);
  const shapes: Record<string, string> = {};
  const fill = (make: (n: number) => string) => fillTo(make, budget, wrap);
  const arrays = arrayPaths(base);
  // A body array the example leaves out still counts: the conformance result's issues, say.
  if (!arrays.some((p) => p[0] === 'body')) arrays.push(['body', 'x_items']);
  for (const path of arrays) {
    for (const [kind, item] of Object.entries(ITEMS)) {
      shapes[`wide-${kind}:/${path.join('/')}`] = fill((n) =>
        JSON.stringify(
          withValue(
            base,
            path,
            Array.from({ length: n }, () => item),
          ),
        ),
      );
    }
  }
  shapes.unknown = fill((n) =>
    JSON.stringify(withValue(base, ['body'], { ...(base.body as object), ...unknownMembers(n) })),
  );
  shapes.deep = fill((n) => JSON.stringify(withValue(base, ['body', 'x_deep'], deepSiblings(n, 60))));
  shapes['too-deep'] = JSON.stringify(withValue(base, ['body', 'x_deep'], nested(70)));
  shapes.duplicates = fill((n) => {
    const sealed = JSON.stringify(withValue(base, ['body', 'x_dup'], [{ a: 0 }]));
    return sealed.replace('"x_dup":[{"a":0}]', `"x_dup":[${Array(n).fill('{"a":0,"a":1}').join(',')}]`);
  });
  shapes['duplicates-long-path'] = fill((n) => withChain(base, chainOf(MAX_PATH_CHARS - 64), repeatedPairs(n)));
  shapes['too-long-path'] = JSON.stringify(withValue(base, ['body', 'x_dup'], 0)).replace(
    '"x_dup":0',
    `"x_dup":${chainOf(MAX_PATH_CHARS + 64)('{"a":0,"a":1}')}`,
  );
  // Numbers a double cannot hold (one warning each), in a body array and at the end of a long path.
  shapes['long-numbers'] = fill((n) => withChain(base, (inner) => inner, longNumbers(n)));
  shapes['long-numbers-long-path'] = fill((n) => withChain(base, chainOf(MAX_PATH_CHARS - 64), longNumbers(n)));
  // The same with a name repeated elsewhere (no path can then be taken as distinct), and one
  // number per array under the path (a pointer per array).
  shapes['long-numbers-long-path-repeat'] = fill((n) =>
    withChain(base, chainOf(MAX_PATH_CHARS - 64), longNumbers(n)).replace('"x_dup":', '"x_r":{"a":0,"a":1},"x_dup":'),
  );
  shapes['long-numbers-own-arrays'] = fill((n) =>
    withChain(base, chainOf(MAX_PATH_CHARS - 64), longNumbers(n).replace(/(\d+)/g, '[$1]')),
  );
  shapes['long-string'] = fill((n) => JSON.stringify(withValue(base, ['message_id'], 'm'.repeat(n))));
  shapes['long-key'] = fill((n) => JSON.stringify(withValue(base, ['body', 'k'.repeat(n)], 0)));
  return shapes;
}

/**
 * Objects nested one per level under 16-character names (at most MAX_DEPTH - 4 levels, so the
 * depth limit is not what stops them), their names adding up to about `chars`, around `inner`.
 */
function chainOf(chars: number): (inner: string) => string {
  const levels = Math.min(MAX_DEPTH - 4, Math.ceil(chars / 17));
  const width = Math.ceil(chars / levels) - 1;
  return (inner) => {
    let text = inner;
    for (let level = 0; level < levels; level++) text = `{"${String(level).padStart(width, 'k')}":${text}}`;
    return text;
  };
}

/** The body member x_dup of a sealed message set to `chain(inner)`, as text (repeated names and every digit survive only there). */
const withChain = (base: JsonObject, chain: (inner: string) => string, inner: string): string =>
  JSON.stringify(withValue(base, ['body', 'x_dup'], 0)).replace('"x_dup":0', `"x_dup":${chain(inner)}`);

/** One object of n names, each twice. */
const repeatedPairs = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"${i}":0,"${i}":1`).join(',')}}`;

/** An array of n distinct 20-digit integers, each odd, so that no double holds one. */
const longNumbers = (n: number): string =>
  `[${Array.from({ length: n }, (_, i) => String(10_000_000_000_000_000_001n + 7_919n * BigInt(i))).join(',')}]`;

const unknownMembers = (n: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, 0]));

function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const deepSiblings = (n: number, depth: number): unknown[] => Array.from({ length: n }, () => nested(depth));

/** A keyless array of n items, nulls and wrong types alternating. */
const keylessArray = (n: number): string =>
  JSON.stringify(Array.from({ length: n }, (_, i) => (i % 2 === 0 ? null : { x: [] })));

const PROFILES: readonly ProfileId[] = publishedExamples(site).map((e) => e.profile);

/** Every worst shape of every route, each body filled to about `budget` bytes. */
export function worstShapes(budget = FULL_BUDGET): WorstShape[] {
  const out: WorstShape[] = [];
  const add = (route: WorstRoute, profile: ProfileId, family: string, shape: { text: string; messageText: string }) =>
    out.push({ name: `${route}/${profile}/${family}`, route, profile, ...shape });
  const request = JSON.stringify(exampleOf('uai.intent.request.v1'));
  const each = (route: WorstRoute, profile: ProfileId, wrap: (message: string) => string) => {
    for (const [family, shape] of Object.entries(messageShapes(profile, wrap, budget)))
      add(route, profile, family, shape);
  };
  for (const profile of PROFILES) {
    each('validate', profile, (m) => `{"message":${m},"format":"result"}`);
    each('check-exchange', profile, (m) => `{"request":${request},"response":${m},"http_status":200}`);
  }
  const keyless = (m: string) => `{"message":${m},"normalization_mode":"keyless-json"}`;
  const wideKeyless = fillTo(keylessArray, budget, keyless);
  add('validate', 'uai.intent.request.v1', 'keyless-wide', { text: keyless(wideKeyless), messageText: wideKeyless });
  // Numbers a double cannot hold in a keyless message: past the envelope's map, and inside a
  // free-form member, where each one's pointer is mapped back through the order maps.
  const keylessNumbers = fillTo(longNumbers, budget, keyless);
  add('validate', 'uai.intent.request.v1', 'keyless-long-numbers', {
    text: keyless(keylessNumbers),
    messageText: keylessNumbers,
  });
  const response = withValue(exampleOf('uai.intent.response.v1'), ['body', 'result', 'example'], { x: 0 });
  const keylessResponse = JSON.stringify(messageToKeyless(response));
  const mapped = fillTo((n) => keylessResponse.replace('{"x":0}', `{"x":${longNumbers(n)}}`), budget, keyless);
  add('validate', 'uai.intent.request.v1', 'keyless-long-numbers-mapped', {
    text: keyless(mapped),
    messageText: mapped,
  });
  // One number per array under a long path of a free-form member: every array's pointer mapped.
  const ownArrays = (n: number) => longNumbers(n).replace(/(\d+)/g, '[$1]');
  const mappedArrays = fillTo(
    (n) => keylessResponse.replace('{"x":0}', `{"x":${chainOf(MAX_PATH_CHARS - 100)(ownArrays(n))}}`),
    budget,
    keyless,
  );
  add('validate', 'uai.intent.request.v1', 'keyless-long-numbers-own-arrays', {
    text: keyless(mappedArrays),
    messageText: mappedArrays,
  });
  // The mock exchange and the reference server read intent requests: every shape of that profile.
  each('mock-exchange', 'uai.intent.request.v1', (m) => `{"message":${m}}`);
  each('reference-server', 'uai.intent.request.v1', (m) => m);
  return out;
}

/** The validate shapes again in the other formats: the SARIF log and the summary cut their lists too. */
export function formatVariants(shape: WorstShape): WorstShape[] {
  if (shape.route !== 'validate' || !shape.text.endsWith(',"format":"result"}')) return [];
  return ['summary', 'record', 'sarif'].map((format) => ({
    ...shape,
    name: `${shape.name}?format=${format}`,
    text: shape.text.replace(/,"format":"result"\}$/, `,"format":"${format}"}`),
  }));
}

/** POSTs a body to a route's core in process, as the Netlify function and the local server do. */
export async function postToCore(core: CoreHandler, route: WorstRoute, text: string): Promise<CoreReply> {
  const body = new TextEncoder().encode(text);
  return core({
    method: 'POST',
    path: `/v1/${route}`,
    header: (name) =>
      name === 'content-type' ? 'application/json' : name === 'content-length' ? String(body.length) : null,
    body: async (cap) => (body.length > cap ? undefined : body),
  });
}
