import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMessage, validateMessage } from '../../src/engine/index.ts';
import type { KitReport } from '../../src/kit/index.ts';
import { HOSTILE_CHECKS } from '../../src/standard/kit-checks.ts';
import { kindOf, onMessage, problem } from './broken-server-table.ts';
import {
  KIT_NOW as NOW,
  runKitOn,
  checksWith as withStatus,
  startKitServer,
  type Exchange,
  type KitServer,
  type Transform,
} from './harness.ts';

/**
 * An endpoint that declares only https-json-keyless: `uai test` speaks to it in keyless arrays,
 * the valid requests and the hostile ones alike, so that it is judged on what it takes (before, its
 * every request went keyed and it failed for refusing them). The hostile kinds are broken in the
 * keyless array, so that refusing a keyed body, which such an endpoint does anyway, proves nothing.
 * Beside keyed, the one keyless request must get the kind of answer its keyed twin got.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const run = (): Promise<KitReport> => runKitOn(server);

const ZEROS = `sha256:${'0'.repeat(64)}`;
const json = { 'content-type': 'application/json' };

/**
 * The reference server with its keyed binding taken out of its statement, refusing every keyed
 * body as such an endpoint would; `fault` breaks one more thing. Every POST body it saw is kept.
 */
function keylessOnly(seen: string[], fault?: Transform): Transform {
  const statement = onMessage(
    'capability',
    (m) =>
      void (m.body.endpoints = m.body.endpoints.filter((e: { binding: string }) => e.binding !== 'https-json-keyed')),
  );
  return async (ex: Exchange) => {
    if (kindOf(ex) === 'capability') return statement(ex);
    if (ex.method === 'POST') {
      seen.push(ex.requestText);
      if (ex.requestText.trimStart().startsWith('{'))
        return problem(400, 'request.invalid', 'This endpoint takes keyless JSON arrays only.');
    }
    return fault ? fault(ex) : ex.response;
  };
}

/** Accepts a keyless body that breaks something, found by its text, instead of refusing it. */
const accepts =
  (matches: (text: string) => boolean): Transform =>
  (ex) =>
    ex.method === 'POST' && matches(ex.requestText)
      ? new Response('{"accepted": true}', { status: 202, headers: json })
      : ex.response;

/** The first positions of the envelope order map: uai_version, then profile. */
const positions = (text: string): unknown[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

describe('an endpoint that declares only keyless', () => {
  it('is sent keyless arrays only, and passes every check that applies; the misspelled-key request is skipped', async () => {
    const seen: string[] = [];
    server.transform = keylessOnly(seen);
    const report = await run();
    expect(report.declared_bindings).toEqual(['https-json-keyless', 'https-async-callback']);
    expect({ fail: withStatus(report, 'fail'), not_exercised: withStatus(report, 'not_exercised') }).toEqual({
      fail: [],
      not_exercised: [],
    });
    expect(withStatus(report, 'skip')).toEqual(['hostile.alias_key']);
    expect(report.checks.find((c) => c.id === 'message.keyless_shape')!.status).toBe('pass');
    expect(report.exit_code).toBe(0);
    // Four valid requests (async, sync, its follow-up, the unknown subject) and every hostile kind
    // keyless JSON can carry, each an array.
    expect(seen).toHaveLength(4 + HOSTILE_CHECKS.length - 1);
    for (const text of seen) expect(text.trimStart()[0]).toBe('[');
    const result = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: NOW });
    expect([result.error_count, result.warning_count]).toEqual([0, 0]);
  });

  const faults: readonly { fault: string; fails: string; transform: Transform }[] = [
    {
      fault: 'a keyless body with a bad checksum accepted',
      fails: 'hostile.checksum_mismatch',
      transform: accepts((t) => t.includes(ZEROS)),
    },
    {
      fault: 'a keyless body of version 2.0 accepted',
      fails: 'hostile.version_unsupported',
      transform: accepts((t) => positions(t)[0] === '2.0'),
    },
    {
      fault: 'a keyless body of an unknown profile accepted',
      fails: 'hostile.profile_unknown',
      transform: accepts((t) => positions(t)[1] === 'uai.unknown.thing.v1'),
    },
    {
      fault: 'a keyless body nested past the limit accepted',
      fails: 'hostile.too_deep',
      transform: accepts((t) => t.includes('"bottom"')),
    },
    {
      fault: 'keyless requests answered keyed',
      fails: 'message.keyless_shape',
      transform: async (ex) => {
        if (ex.method !== 'POST' || ex.response.status >= 400) return ex.response;
        const { messageFromKeyless } = await import('../../src/engine/index.ts');
        const keyed = messageFromKeyless(await ex.response.clone().json()).value;
        return new Response(JSON.stringify(keyed), { status: ex.response.status, headers: ex.response.headers });
      },
    },
  ];
  for (const f of faults)
    it(`${f.fault}: ${f.fails}`, async () => {
      server.transform = keylessOnly([], f.transform);
      const report = await run();
      expect(withStatus(report, 'fail')).toEqual([f.fails]);
      expect(report.exit_code).toBe(1);
    });
});

describe('keyless beside keyed', () => {
  it('a keyless request refused with a well-formed typed error, where its keyed twin was accepted, fails message.keyless_shape', async () => {
    server.transform = (ex) => {
      if (kindOf(ex) !== 'keyless') return ex.response;
      const answer = answerMessage(JSON.parse(ex.requestText), { site: server.site, now: () => NOW }, 'typed-error');
      if (!answer.ok) throw new Error(answer.detail);
      return new Response(JSON.stringify(answer.message), { status: answer.status, headers: json });
    };
    const report = await run();
    expect(withStatus(report, 'fail')).toEqual(['message.keyless_shape']);
    const evidence = report.checks.find((c) => c.id === 'message.keyless_shape')!.evidence.join('\n');
    expect(evidence).toMatch(/keyless: answered error .*answered accepted/);
  });
});
