import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conformanceFixtures,
  mockExchangeAction,
  validateAction,
  type InvalidFixture,
} from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import type { CoreHandler } from '../../src/http/core.ts';
import { nodeAdapter } from '../../src/http/node/native-adapter.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';
import { errorCode } from '../../src/standard/codes.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { answerCases, answerDigest, answerText, type AnswerCase } from '../engine/answers/cases.ts';

/**
 * POST answers through both adapters of the HTTP core against the answers recorded before issue
 * 15's changes (tests/engine/answers/recorded.json). Each recorded case is sent as an HTTP client
 * sends it, as JSON text, to the Web adapter (what Netlify runs) and over a socket to the node:http
 * adapter (what `npm start` runs), at the case's origin and clock. The engine's answer to the same
 * request still has its recorded digest, and each adapter's answer is that answer: a 200 with
 * exactly its bytes, or the problem response of its code. SARIF is left out: over HTTP the action
 * also receives the body text, so its results carry source regions that the recorded engine
 * answers (called without text) do not; adapters.test.ts holds the two adapters to the same SARIF
 * bytes. For the same reason a repeated member name and a number a double does not hold, which
 * only the text shows, are left out. A
 * message nested deeper than the HTTP limit gets the shell's 400 request.too_deep instead
 * of the engine's message.too_deep issue (CONTRACT section 8).
 */
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '../engine/answers/recorded.json'), 'utf8'),
) as Record<string, Record<string, string>>;

const ACTIONS = { validate: validateAction, 'mock-exchange': mockExchangeAction } as const;
const cores = new Map<string, CoreHandler>();
function coreFor(route: keyof typeof ACTIONS, origin: string, clock: string): CoreHandler {
  const key = `${route} ${origin} ${clock}`;
  let core = cores.get(key);
  if (!core) {
    core = actionCore({ site: siteFor(origin), action: ACTIONS[route], now: () => new Date(clock) });
    cores.set(key, core);
  }
  return core;
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** The node:http adapter is reached over a socket; the case is named by request headers. */
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    const route = req.headers['x-route'] as keyof typeof ACTIONS;
    const core = coreFor(route, String(req.headers['x-origin']), String(req.headers['x-clock']));
    void nodeAdapter(core)(req, res, `/v1/${route}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function viaNode(c: AnswerCase, text: string): Promise<Answer> {
  const { route, origin, clock } = c.request;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        method: 'POST',
        path: `/v1/${route}`,
        agent: false,
        headers: { 'content-type': 'application/json', 'x-route': route, 'x-origin': origin, 'x-clock': clock },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: String(res.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function viaWeb(c: AnswerCase, text: string): Promise<Answer> {
  const { route, origin, clock } = c.request;
  const response = await webAdapter(coreFor(route, origin, clock))(
    new Request(`${origin}/v1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    }),
  );
  return { status: response.status, contentType: response.headers.get('content-type')!, body: await response.text() };
}

const groups = answerCases();

/** The conformance-pack fixture a case sends (`<route>/<fixture id>/<scenario or format>`), if any. */
const FIXTURES = conformanceFixtures(siteFor('http://localhost:4321')).invalid;
const fixtureOf = (caseId: string): InvalidFixture | undefined => {
  const id = caseId.slice(caseId.indexOf('/') + 1, caseId.lastIndexOf('/'));
  return FIXTURES.find((f) => f.id === id);
};
/** Findings only the text shows: the recorded answers were made from the parsed value alone. */
const TEXT_ONLY = new Set(['message.duplicate_member', 'message.number_imprecise']);

describe('POST answers through both adapters equal the recorded answers', () => {
  it.each(Object.keys(groups))(
    '%s',
    async (tag) => {
      const differing: string[] = [];
      let compared = 0;
      for (const c of groups[tag]!) {
        // Over HTTP the action also reads the body text: SARIF regions, repeated names and the
        // digits of numbers a double does not hold (see above).
        const fixture = fixtureOf(c.id);
        if (
          c.id.endsWith('/sarif') ||
          fixture?.expected_codes.some((code) => TEXT_ONLY.has(code)) ||
          c.id.includes('message.duplicate_member') ||
          c.id.includes('message.number_imprecise')
        )
          continue;
        const outcome = c.answer();
        expect(answerDigest(answerText(outcome)), `${c.id}: engine answer vs recorded`).toBe(recorded[tag]![c.id]);
        const text = c.request.text();
        // Nesting over 65 levels is refused before the engine runs (CONTRACT section 8: 400
        // request.too_deep), as the fixture's route_refusal says; the path limit is the engine's.
        const tooDeep = fixture ? fixture.route_refusal !== undefined : c.id.includes('message.too_deep');
        for (const [adapter, answer] of [
          ['web', await viaWeb(c, text)],
          ['node', await viaNode(c, text)],
        ] as const) {
          compared += 1;
          const problem = tooDeep ? 'request.too_deep' : outcome.ok ? undefined : outcome.code;
          const same =
            problem === undefined
              ? answer.status === 200 && answer.body === JSON.stringify(outcome.ok && outcome.body)
              : answer.status === errorCode(problem).status &&
                answer.contentType.startsWith('application/problem+json') &&
                (JSON.parse(answer.body) as { code: string }).code === problem;
          if (!same) differing.push(`${c.id} (${adapter}: ${answer.status})`);
        }
      }
      expect(differing).toEqual([]);
      expect(compared).toBeGreaterThan(150);
    },
    120_000,
  );
});
