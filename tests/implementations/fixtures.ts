/**
 * The two fixture entries of the report's tests, made the way an implementer makes an entry: the
 * kit run against a server (here the reference server's core with one fault, in process), its
 * sealed result written byte for byte, and a metadata file.
 *   acme-agent:   every message carries an unregistered member (a warning): the should check
 *                 message.warning_free fails, which its baseline lists; the result passes, L3.
 *   broken-agent: the sequence of every answer is one too high: the must check exchange.sequence
 *                 fails; the result fails, L1.
 * `node tests/implementations/fixtures.ts` rewrites tests/data/implementations/ from this file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seal } from '../../src/engine/index.ts';
import type { CoreHandler } from '../../src/http/core.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { testImplementation, DEFAULT_LIMITS } from '../../src/kit/index.ts';
import { coreHttp } from '../../src/kit/server/core-http.ts';
import { serializeRecord } from '../../src/records/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

export const FIXTURES_DIR = 'tests/data/implementations';
export const FIXTURE_CHECKED_AT = new Date('2026-11-20T12:00:00Z');

type Fault = (message: Record<string, any>) => void;

/** The reference server's core whose answers to POSTs (messages, not problems) pass through a fault, resealed. */
function faulty(core: CoreHandler, fault: Fault): CoreHandler {
  return async (request) => {
    const reply = await core(request);
    if (request.method !== 'POST' || !reply.body || !reply.headers['Content-Type']?.startsWith('application/json'))
      return reply;
    const json = JSON.parse(reply.body);
    if (typeof json !== 'object' || json === null || Array.isArray(json) || typeof json.profile !== 'string')
      return reply;
    fault(json);
    return { ...reply, body: JSON.stringify(seal(json)) };
  };
}

interface Fixture {
  readonly slug: string;
  readonly origin: string;
  readonly fault: Fault;
  readonly meta: Record<string, unknown>;
}

export const FIXTURES: readonly Fixture[] = [
  {
    slug: 'acme-agent',
    origin: 'https://agents.acme-agent.example.com',
    fault: (m) => {
      m.x_acme_trace = 'on';
    },
    meta: {
      name: 'Acme Agent',
      side: 'server',
      language: 'Go',
      homepage: 'https://acme-agent.example.com/agent',
      repository: 'https://github.com/acme/agent',
      expected_failures: ['message.warning_free'],
    },
  },
  {
    slug: 'broken-agent',
    origin: 'https://broken-agent.example.com',
    fault: (m) => {
      if (m.conversation && typeof m.conversation.sequence === 'number') m.conversation.sequence += 1;
    },
    meta: {
      name: 'Broken Agent',
      side: 'server',
      language: 'Python',
      homepage: 'https://broken-agent.example.com/',
    },
  },
];

/** result.json and meta.json of one fixture, as the kit writes them. */
export async function fixtureFiles(f: Fixture, now = FIXTURE_CHECKED_AT) {
  const site = siteFor(f.origin);
  const endpoint = `${site.base}/reference-server`;
  const report = await testImplementation(
    {
      endpoint,
      site,
      now,
      runId: createHash('sha256').update(f.slug).digest('hex').slice(0, 32),
      limits: DEFAULT_LIMITS,
    },
    coreHttp(faulty(referenceServerCore({ site, now: () => now }), f.fault), site.origin),
  );
  return {
    result: serializeRecord(report.result_message),
    meta: `${JSON.stringify({ ...f.meta, target: endpoint }, null, 2)}\n`,
  };
}

if (import.meta.main) {
  for (const f of FIXTURES) {
    const dir = join(FIXTURES_DIR, f.slug);
    mkdirSync(dir, { recursive: true });
    const files = await fixtureFiles(f);
    writeFileSync(join(dir, 'result.json'), files.result);
    writeFileSync(join(dir, 'meta.json'), files.meta);
    console.log(`wrote ${dir}`);
  }
}
