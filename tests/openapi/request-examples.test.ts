import { beforeAll, describe, expect, it } from 'vitest';
import type { CoreReply } from '../../src/http/core.ts';
import { postToCore, type WorstRoute } from '../../bench/worst-shape-bodies.ts';
import { openApiDocument } from './document-schemas.ts';

/**
 * The request examples of each POST operation are paired with its answer examples by key
 * (docs/openapi.md): the request under a key, sent to the route as the functions and the local
 * server run it (HTTP shell and all, in process), gets the status and media type under which
 * the document shows the answer of that key, and the same verdict: valid or not with the same
 * error codes (and, in a SARIF log, the same regions), or the same problem code. A pairing made by the engine alone missed the shell's
 * own refusals (a message nested past the body's depth limit answers 400 request.too_deep).
 */
process.env.UAI_RATE_LIMIT = '0';
const doc = openApiDocument() as unknown as {
  paths: Record<string, { post?: { requestBody: any; responses: Record<string, { content?: Record<string, any> }> } }>;
  components: { examples: Record<string, { value: unknown }> };
};
/** An example's value, read through its `$ref` into components/examples. */
const valueOf = (example: { $ref?: string; value?: unknown }): unknown =>
  example.$ref ? doc.components.examples[example.$ref.replace('#/components/examples/', '')]!.value : example.value;
const ROUTES: readonly WorstRoute[] = ['validate', 'mock-exchange', 'check-exchange', 'reference-server'];
const cores = {} as Record<WorstRoute, (text: string) => Promise<CoreReply>>;

beforeAll(async () => {
  for (const route of ROUTES) {
    const { core } = await import(`../../netlify/functions/${route}.mts`);
    cores[route] = (text) => postToCore(core, route, text);
  }
});

/** What a verdict comes to: valid and the error codes, or a problem's code, or a typed error's. */
function gist(value: any): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if ('valid' in value) return { valid: value.valid, errors: (value.errors ?? []).map((e: any) => e.code).sort() };
  if (typeof value.code === 'string') return { code: value.code };
  // A SARIF result's region is where the finding lies in the posted text: shown as the route answers.
  if (Array.isArray(value.runs))
    return {
      results: value.runs[0].results
        .map((r: any) => `${r.ruleId} ${JSON.stringify(r.locations?.[0]?.physicalLocation?.region ?? null)}`)
        .sort(),
    };
  return { profile: value.profile, status: value.body?.status ?? value.body?.error?.code ?? null };
}

/** Where the document shows the answer of each key: its status, media type and value. */
function answersByKey(responses: Record<string, { content?: Record<string, any> }>) {
  const byKey = new Map<string, { status: number; mediaType: string; value: unknown }[]>();
  for (const [status, response] of Object.entries(responses))
    for (const [mediaType, content] of Object.entries(response.content ?? {}))
      for (const [key, example] of Object.entries<any>(content.examples ?? {}))
        byKey.set(key, [...(byKey.get(key) ?? []), { status: Number(status), mediaType, value: valueOf(example) }]);
  return byKey;
}

describe.each(ROUTES)('POST /v1/%s', (route) => {
  it('each request example gets the answer the document pairs with it', async () => {
    const operation = doc.paths[`/${route}`]!.post!;
    const requests = Object.entries<any>(operation.requestBody.content['application/json'].examples);
    const answers = answersByKey(operation.responses);
    expect(requests.length).toBeGreaterThan(1);
    const unpaired: string[] = [];
    for (const [key, example] of requests) {
      const shown = answers.get(key);
      if (!shown) continue; // a request with no answer of its own key: its answer is shown elsewhere
      const reply = await cores[route](JSON.stringify(valueOf(example)));
      const type = Object.entries(reply.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      const mediaType = (type ?? '').split(';')[0]!.trim();
      const live = { status: reply.status, mediaType, gist: gist(JSON.parse(reply.body ?? 'null')) };
      const paired = shown.map((s) => ({ status: s.status, mediaType: s.mediaType, gist: gist(s.value) }));
      if (!paired.some((p) => JSON.stringify(p) === JSON.stringify(live)))
        unpaired.push(`${key}: live ${JSON.stringify(live)}, shown ${JSON.stringify(paired)}`);
    }
    expect(unpaired).toEqual([]);
  });
});
