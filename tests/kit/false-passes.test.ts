import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchangeCommand } from '../../src/cli/check-exchange.ts';
import {
  canonicalJson,
  checkExchangeAction,
  exchangeFixtures,
  publishedExamples,
  seal,
  sha256Hex,
  withoutIntegrity,
} from '../../src/engine/index.ts';
import { referenceServerHandler } from '../../src/http/reference-server-handler.ts';
import { nestingExceeds } from '../../src/http/request-body.ts';
import { DEFAULT_LIMITS, testImplementation, type KitReport } from '../../src/kit/index.ts';
import { UNREGISTERED_SUBJECT } from '../../src/kit/server/requests.ts';
import { HOSTILE_CHECKS } from '../../src/standard/kit-checks.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { problem } from './broken-server-table.ts';
import { KIT_NOW as NOW, KIT_RUN_ID as RUN_ID, runKitOn, startKitServer, type KitServer } from './harness.ts';

/**
 * Regressions: verdicts the kit and check-exchange once got wrong, each a case seen against an
 * implementation written elsewhere (a mock server generated from the OpenAPI document, an endpoint
 * at a wrong path). Each test failed before its fix.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const run = (): Promise<KitReport> => runKitOn(server);
const verdict = (r: KitReport, id: string) => r.checks.find((c) => c.id === id)!;

describe('uai test: no false pass', () => {
  it('answers whose bytes are identical still may not share a message_id (a mock serving one example)', async () => {
    // Every POST is answered with the same bytes: the first answer the server gave, served again.
    let first: { text: string; status: number; type: string } | undefined;
    server.transform = async (ex) => {
      if (ex.method !== 'POST') return ex.response;
      first ??= {
        text: await ex.response.clone().text(),
        status: ex.response.status,
        type: ex.response.headers.get('content-type')!,
      };
      return new Response(first.text, { status: first.status, headers: { 'content-type': first.type } });
    };
    const report = await run();
    const ownIds = verdict(report, 'message.own_ids');
    expect(ownIds.status).toBe('fail');
    expect(ownIds.evidence.join('\n')).toMatch(/is already the id of the async answer/);
  });

  /** The reference server with its capability statement's endpoints changed by `edit`, sealed again. */
  const statementEdited = (edit: (endpoints: Record<string, any>[]) => Record<string, any>[]) => {
    server.transform = async (ex) => {
      if (ex.method !== 'GET' || ex.path !== new URL(server.endpoint).pathname) return ex.response;
      const m = (await ex.response.clone().json()) as Record<string, any>;
      m.body.endpoints = edit(m.body.endpoints);
      return new Response(JSON.stringify(seal(m)), { status: 200, headers: ex.response.headers });
    };
  };
  const namesNoEndpoint = {
    status: 'fail',
    evidence: [expect.stringMatching(/no keyed or keyless endpoint .* of the statement has the url/)],
  };

  it('a statement whose only endpoint at the URL under test is its polling endpoint does not name it', async () => {
    statementEdited(() => [
      { binding: 'https-json-keyed', url: 'https://elsewhere.example/uai', media_type: 'application/json' },
      { binding: 'https-async-callback', url: server.endpoint, media_type: 'application/json' },
    ]);
    expect(verdict(await run(), 'capability.names_endpoint')).toMatchObject(namesNoEndpoint);
  });

  it('a statement naming the URL under bindings no registry lists does not name it', async () => {
    statementEdited((endpoints) =>
      endpoints.map((e) => (e.binding === 'https-async-callback' ? e : { ...e, binding: `${e.binding}-x` })),
    );
    expect(verdict(await run(), 'capability.names_endpoint')).toMatchObject(namesNoEndpoint);
  });

  it('a server whose nesting limit is above the 64 levels of CONTRACT section 8 fails hostile.too_deep', async () => {
    // Nesting past 100 refused as the reference server refuses it; anything shallower taken as a task.
    server.transform = (ex) =>
      ex.method === 'POST' && ex.response.status === 400 && !nestingExceeds(ex.requestText, 100)
        ? ex.response
            .clone()
            .json()
            .then((p: { code?: string }) =>
              p.code === 'request.too_deep'
                ? new Response('{"accepted":true}', { status: 202, headers: { 'content-type': 'application/json' } })
                : ex.response,
            )
        : ex.response;
    const report = await run();
    expect(verdict(report, 'hostile.too_deep').status).toBe('fail');
    expect(report.exit_code).toBe(1);
  });

  it('a refusal under a code CONTRACT section 8 keeps for another cause fails its check', async () => {
    // Every request the reference server refuses with 400 refused as nested too deep instead.
    server.transform = (ex) =>
      ex.method === 'POST' && ex.response.status === 400 ? problem(400, 'request.too_deep') : ex.response;
    const report = await run();
    const failed = HOSTILE_CHECKS.filter((c) => verdict(report, c.id).status === 'fail').map((c) => c.id);
    expect(failed.sort()).toEqual(
      [
        'hostile.alias_key',
        'hostile.checksum_mismatch',
        'hostile.malformed_json',
        'hostile.profile_unknown',
        'hostile.version_unsupported',
      ].sort(),
    );
    expect(verdict(report, 'hostile.checksum_mismatch').evidence.join('\n')).toMatch(
      /code request\.too_deep, which CONTRACT section 8 keeps for a body nesting deeper than 64 levels/,
    );
  });

  it('an endpoint answering 404 problem JSON to everything passes no hostile check', async () => {
    server.transform = () =>
      new Response('{"type":"about:blank","title":"Not Found","status":404,"code":"route.not_found"}', {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      });
    const report = await run();
    // A 404 refuses no request for what it breaks: each hostile check fails on the status.
    for (const c of HOSTILE_CHECKS)
      expect(verdict(report, c.id), c.id).toMatchObject({
        status: 'fail',
        evidence: [expect.stringMatching(/^HTTP 404, where this request is refused with 4(00|15): /)],
      });
    expect(report.exit_code).toBe(1);
  });

  it('an endpoint refusing everything with the statuses CONTRACT names proves no hostile check', async () => {
    const parses = (text: string) => {
      try {
        return JSON.parse(text) !== undefined;
      } catch {
        return false;
      }
    };
    // The status and code CONTRACT section 8 names for each, as a server at a wrong path might answer.
    server.transform = (ex) => {
      const [status, code]: [number, string] = ex.contentType.startsWith('text/plain')
        ? [415, 'request.unsupported_media_type']
        : !parses(ex.requestText)
          ? [400, 'request.malformed_json']
          : ex.requestText.includes('[[[[[[[[')
            ? [400, 'request.too_deep']
            : [400, 'request.invalid'];
      return problem(status, code);
    };
    const report = await run();
    for (const c of HOSTILE_CHECKS) {
      expect(verdict(report, c.id), c.id).toMatchObject({
        status: 'not_exercised',
        evidence: [expect.stringMatching(/not shown to speak UAI-1: no capability statement was read/)],
      });
    }
    expect(report.checks.filter((c) => c.status === 'pass').map((c) => c.id)).not.toContain('hostile.media_type');
    expect(report.exit_code).toBe(1);
  });

  it('a statement read but no exchange that conforms: the hostile checks say so', async () => {
    // Every intent request is answered with the request itself: nothing conforms.
    server.transform = (ex) =>
      ex.method === 'POST' && (ex.response.status < 400 || ex.requestText.includes(UNREGISTERED_SUBJECT))
        ? new Response(ex.requestText, { status: 200, headers: { 'content-type': 'application/json' } })
        : ex.response;
    const report = await run();
    for (const c of HOSTILE_CHECKS)
      expect(verdict(report, c.id), c.id).toMatchObject({
        status: 'not_exercised',
        evidence: [expect.stringMatching(/not shown to speak UAI-1: no answer to the kit's requests conformed/)],
      });
  });
});

/** Python's repr of a float: ECMAScript's digits, but exponent form below 1e-4 and from 1e16, the exponent in two digits at least. */
function pythonRepr(x: number): string {
  const size = Math.abs(x);
  if (size === 0 || (size >= 1e-4 && size < 1e16)) return String(x);
  const [digits, exponent] = x.toExponential().split('e') as [string, string];
  return `${digits}e${exponent[0] === '-' ? '-' : '+'}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

describe('uai test: checksums over the canonical form, not a JSON writer of the server', () => {
  /** Escapes as a common JSON writer does where RFC 8785 leaves the character as it is. */
  const WRITERS: Record<string, (canonical: string) => string> = {
    // Python's json.dumps(sort_keys=True, separators=(',', ':')): ensure_ascii, UTF-16 units as \uXXXX.
    'Python json.dumps': (c) =>
      c.replace(/[^\u0000-\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
    // Go's json.Marshal of a map: sorted keys, and <, > and & escaped for HTML.
    'Go json.Marshal': (c) => c.replace(/[<>&]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
    // json.dumps with ensure_ascii=False: the characters as they are, but a float as Python's repr
    // writes it, in exponent form below 1e-4 with two exponent digits (0.00001 is 1e-05).
    'Python json.dumps(ensure_ascii=False)': (c) =>
      c.replace(/(?<=[:,[])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?=[,\]}])/g, (n) =>
        /[.e]/.test(n) ? pythonRepr(Number(n)) : n,
      ),
  };
  for (const [writer, write] of Object.entries(WRITERS))
    it(`a server checking request checksums over ${writer}'s text fails the run`, async () => {
      server.transform = (ex) => {
        if (ex.method !== 'POST') return ex.response;
        let message: Record<string, any>;
        try {
          message = JSON.parse(ex.requestText);
        } catch {
          return ex.response;
        }
        if (Array.isArray(message) || typeof message?.integrity?.checksum !== 'string') return ex.response;
        const checksum = `sha256:${sha256Hex(write(canonicalJson(withoutIntegrity(message))))}`;
        return checksum === message.integrity.checksum
          ? ex.response
          : problem(400, 'request.invalid', `integrity.checksum does not match (${writer})`);
      };
      const report = await run();
      expect(report.exit_code).toBe(1);
      expect(verdict(report, 'message.valid').status).toBe('fail');
    });
});

describe('uai test: a poll refusal the kit waits out is judged as an answer', () => {
  /** The reference server, its first poll refused 429 with Retry-After: 1 as `refusal` says. */
  const pacedWith = (refusal: () => Response) => {
    let paced = false;
    server.transform = (ex) => {
      if (ex.method !== 'GET' || !ex.path.includes('/tasks/') || paced) return ex.response;
      paced = true;
      return refusal();
    };
  };
  it('sent as HTML: message.media_type fails', async () => {
    pacedWith(
      () =>
        new Response('<h1>slow down</h1>', {
          status: 429,
          headers: { 'content-type': 'text/html', 'retry-after': '1' },
        }),
    );
    const report = await run();
    expect(verdict(report, 'message.media_type')).toMatchObject({
      status: 'fail',
      evidence: [expect.stringMatching(/^poll-paced: HTTP 429 text\/html/)],
    });
  });
  it('a uai.error.v1 with a checksum that does not match: message.valid fails', async () => {
    pacedWith(() => {
      const error = structuredClone(
        publishedExamples(server.site).find((e) => e.profile === 'uai.error.v1')!.message,
      ) as Record<string, any>;
      error.integrity.checksum = `sha256:${'0'.repeat(64)}`;
      return new Response(JSON.stringify(error), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      });
    });
    const report = await run();
    expect(verdict(report, 'message.valid')).toMatchObject({
      status: 'fail',
      evidence: expect.arrayContaining([expect.stringMatching(/^poll-paced: integrity\.checksum_mismatch/)]),
    });
  });
});

describe('uai test: an endpoint is the one the statement names, however the URL is spelled', () => {
  it('a statement naming it with an upper-case scheme still declares keyless there: the keyless run is sent', async () => {
    server.transform = async (ex) => {
      if (ex.method !== 'GET' || ex.path !== new URL(server.endpoint).pathname) return ex.response;
      const statement = (await ex.response.json()) as Record<string, any>;
      for (const e of statement.body.endpoints)
        if (e.binding !== 'https-async-callback') e.url = e.url.replace('http://127.0.0.1', 'HTTP://127.0.0.1');
      return new Response(JSON.stringify(seal(statement)), { headers: { 'content-type': 'application/json' } });
    };
    const report = await run();
    expect(verdict(report, 'capability.names_endpoint').status).toBe('pass');
    expect(verdict(report, 'message.keyless_shape').status).toBe('pass');
  });

  it('a statement naming it with a letter of its path percent-encoded (RFC 3986 section 6.2.2.2) declares keyless there too', async () => {
    let keylessSent = 0;
    server.transform = async (ex) => {
      if (ex.method === 'POST' && ex.requestText.trimStart().startsWith('[')) keylessSent += 1;
      if (ex.method !== 'GET' || ex.path !== new URL(server.endpoint).pathname) return ex.response;
      const statement = (await ex.response.json()) as Record<string, any>;
      for (const e of statement.body.endpoints)
        if (e.binding !== 'https-async-callback') {
          const url = new URL(e.url);
          const last = url.pathname.lastIndexOf('/') + 1;
          const letter = url.pathname[last]!;
          e.url = `${url.origin}${url.pathname.slice(0, last)}%${letter.charCodeAt(0).toString(16)}${url.pathname.slice(last + 1)}`;
        }
      return new Response(JSON.stringify(seal(statement)), { headers: { 'content-type': 'application/json' } });
    };
    const report = await run();
    expect(verdict(report, 'capability.names_endpoint').status).toBe('pass');
    expect(verdict(report, 'message.keyless_shape').status).toBe('pass');
    expect(keylessSent).toBeGreaterThan(0);
  });
});

describe('uai test: no false fail', () => {
  it('a server that declares no async binding and answers an async request inline (200, completed) passes', async () => {
    const reference = referenceServerHandler({ site: server.site });
    server.transform = async (ex) => {
      if (ex.method === 'GET' && ex.path === new URL(server.endpoint).pathname) {
        // Keyed HTTPS JSON only: no task endpoint, no keyless binding.
        const statement = (await ex.response.json()) as Record<string, any>;
        statement.body.endpoints = statement.body.endpoints.filter((e: any) => e.binding === 'https-json-keyed');
        return new Response(JSON.stringify(seal(statement)), { headers: { 'content-type': 'application/json' } });
      }
      if (ex.method !== 'POST' || ex.response.status !== 202) return ex.response;
      // Resolved inline: the answer the server gives the same request sent sync, its mode copied from the request.
      const sent = JSON.parse(ex.requestText) as Record<string, any>;
      const inline = await reference(
        new Request(server.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(seal({ ...sent, delivery: { ...sent.delivery, mode: 'sync' } })),
        }),
      );
      const answer = (await inline.json()) as Record<string, any>;
      answer.delivery.mode = sent.delivery.mode;
      return new Response(JSON.stringify(seal(answer)), { status: inline.status, headers: inline.headers });
    };
    const report = await run();
    expect(
      report.checks.filter((c) => c.status === 'fail' || c.status === 'not_exercised').map((c) => [c.id, c.evidence]),
    ).toEqual([]);
    expect(report.exit_code).toBe(0);
    const skipped = report.checks.filter((c) => c.status === 'skip').map((c) => c.id);
    expect(skipped).toEqual(
      expect.arrayContaining(['exchange.task_ref_set', 'exchange.task_ref_agrees', 'task.pollable']),
    );
  });

  it('a server that paces polls (429 with Retry-After: 1 within a second of the last) passes: the kit waits as told', async () => {
    let lastPoll = 0;
    let paced = 0;
    server.transform = (ex) => {
      if (ex.method !== 'GET' || !ex.path.includes('/tasks/')) return ex.response;
      const now = Date.now();
      if (now - lastPoll >= 1_000) {
        lastPoll = now;
        return ex.response;
      }
      paced += 1;
      const refusal = problem(429, 'request.rate_limited', 'One poll a second.');
      return new Response(refusal.body, {
        status: 429,
        headers: { ...Object.fromEntries(refusal.headers), 'retry-after': '1' },
      });
    };
    const report = await run();
    expect(paced).toBe(1);
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toEqual(
      [],
    );
  });
});

describe('uai test: nothing run is no verdict', () => {
  it('an empty set of checks to run is refused before any request, never sealed as a pass', async () => {
    let requests = 0;
    server.transform = async (ex) => (requests++, ex.response);
    await expect(
      testImplementation({
        endpoint: server.endpoint,
        site: server.site,
        limits: DEFAULT_LIMITS,
        now: NOW,
        runId: RUN_ID,
        only: new Set(),
      }),
    ).rejects.toThrow(/only names no check/);
    expect(requests).toBe(0);
    server.transform = undefined;
  });
});

describe('check-exchange says what message.own_ids says', () => {
  const site = siteFor('https://uai.example.org');
  const { valid } = exchangeFixtures(site);
  const completed = valid.find((f) => f.id === 'exchange-completed-response')!;
  const accepted = valid.find((f) => f.id === 'exchange-accepted-task')!;
  const status = valid.find((f) => f.id === 'exchange-task-status')!;
  const judge = (body: Record<string, unknown>) => {
    const outcome = checkExchangeAction(body, { site, now: () => NOW });
    if (!outcome.ok) throw new Error(outcome.detail);
    return outcome.body as {
      conforms: boolean;
      exchange: { verdicts: { id: string; status: string; findings: { path: string; message: string }[] }[] };
    };
  };
  const failing = (r: ReturnType<typeof judge>) => r.exchange.verdicts.filter((v) => v.status === 'fail');

  it("a response that reuses the request's message_id does not conform", () => {
    const response = seal({ ...completed.response, message_id: completed.request.message_id });
    const result = judge({ request: completed.request, response, http_status: 200 });
    expect(result.conforms).toBe(false);
    expect(failing(result)).toMatchObject([
      { id: 'message.own_ids', findings: [{ path: '/message_id', message: expect.stringMatching(/the request/) }] },
    ]);
  });

  it("a task status that reuses the accepted answer's message_id does not conform", () => {
    const response = seal({ ...status.response, message_id: accepted.response.message_id });
    const result = judge({ request: status.request, response, previous: status.previous, http_status: 200 });
    expect(result.conforms).toBe(false);
    expect(failing(result).map((v) => v.id)).toEqual(['message.own_ids']);
  });

  it('a task status read again in the same state may repeat its id; in another state it may not', () => {
    const again = judge({ request: status.request, response: status.response, previous: status.response });
    expect(again.conforms).toBe(true);
    const body = { ...(status.response.body as object), state: 'input-required', blocking_reason: 'a question' };
    // A turn of its own (exchange.new_turn), so that the id is all it repeats.
    const conversation = { ...(status.response.conversation as object), turn_id: 'turn-moved' };
    const moved = seal({ ...status.response, conversation, body });
    const result = judge({ request: status.request, response: moved, previous: status.response });
    expect(failing(result).map((v) => v.id)).toEqual(['message.own_ids']);
  });

  it('uai check-exchange exits 1, "does not conform", on a reused id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uai-own-ids-'));
    const file = (name: string, value: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(value));
      return join(dir, name);
    };
    let stdout = '';
    const code = await checkExchangeCommand(
      [
        file('req.json', completed.request),
        file('res.json', seal({ ...completed.response, message_id: completed.request.message_id })),
      ],
      { stdout: (t) => void (stdout += t), stderr: () => undefined, now: () => NOW, site },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/^exchange does not conform/);
    expect(stdout).toContain('FAIL message.own_ids');
  });
});
