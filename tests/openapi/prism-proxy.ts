import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '../http/running-server.ts';
import { freePort } from '../support/local-server.ts';
import { documentSchemas, openApiDocument } from './document-schemas.ts';
import { misreadBySuffix, unexplainedViolations, type Violation } from './violations.ts';

/**
 * Test target `UAI_HTTP_TARGET=prism-proxy`: Stoplight Prism's validating proxy
 * (`prism proxy`, @stoplight/prism-cli pinned in package.json) in front of the local server.
 * Prism checks every request and every response against the published OpenAPI document and
 * reports what does not conform in its `sl-violations` header; any report fails the request
 * that caused it, so the HTTP suite fails where the document and the service disagree.
 */
const PRISM = 'node_modules/@stoplight/prism-cli/dist/index.js';

/**
 * Prism matches request paths against `paths` as written and ignores the path of `servers`
 * (it reads a base URL only from its own `__server` query parameter). The document's server is
 * the REST base `/v1`, so Prism gets the same document with that base moved into the path
 * keys: `/v1` + `/catalog` is the URL OpenAPI itself defines (OpenAPI 3.1 section 4.8.1.1).
 */
const REST_BASE = '/v1';

export function rebasedDocument(doc: { servers: { url: string }[]; paths: Record<string, unknown> }) {
  const base = new URL(doc.servers[0]!.url, 'http://document.invalid').pathname.replace(/\/$/, '');
  if (base !== REST_BASE)
    throw new Error(`The document's server is ${doc.servers[0]!.url}, not the REST base ${REST_BASE}`);
  return {
    ...doc,
    servers: [],
    paths: Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [base + path, item])),
  };
}

/** What this process saw through Prism, printed when the target stops. */
const seen = { requests: 0, explained: 0, unexplained: 0, resent: 0 };

type Doc = ReturnType<typeof openApiDocument>;

/** The document's path template for a request path (`/schemas/{profile}` for `/schemas/uai.error.v1`). */
const templateOf = (doc: Doc, path: string): string | undefined =>
  Object.keys(doc.paths).find((t) =>
    new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );

/** The body of an answer Prism misreads (see misreadBySuffix), against the document's own schema for its media type. */
async function bodyErrors(
  doc: Doc,
  check: ReturnType<typeof documentSchemas>,
  response: Response,
  path: string,
  method: string,
): Promise<string[]> {
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!misreadBySuffix(mediaType) || !path.startsWith(`${REST_BASE}/`)) return [];
  const template = templateOf(doc, path.slice(REST_BASE.length));
  const operation = template === undefined ? undefined : doc.paths[template]![method.toLowerCase()];
  if (!operation) return []; // no operation: Prism reports the route itself
  const at = [
    'paths',
    template!,
    method.toLowerCase(),
    'responses',
    String(response.status),
    'content',
    mediaType,
    'schema',
  ];
  return check(at, await response.clone().json()).map((e) => `response.body (${mediaType}): ${e}`);
}

/**
 * A request to Prism, sent again once on a new connection when Prism closed a kept-alive
 * connection the request had gone out on, before answering it: seen on large POSTs (the socket
 * had written two bodies of 260 KB, the first answered, when Prism closed it). That race is
 * between undici's connection pool and Prism's server, in front of the service under test, and
 * is no answer of the service; the local and Netlify targets send every request once.
 */
async function throughPrism(original: typeof fetch, input: string | URL | Request, init?: RequestInit) {
  try {
    return await original(input, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const resendable = !(input instanceof Request) && (init?.body === undefined || typeof init.body === 'string');
    if (!resendable || cause?.code !== 'UND_ERR_SOCKET' || cause.message !== 'other side closed') throw error;
    seen.resent++;
    return original(input, init);
  }
}

function watchFetch(prismBase: string) {
  const original = globalThis.fetch;
  const doc = openApiDocument();
  const check = documentSchemas(doc);
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await (url.startsWith(prismBase) ? throughPrism(original, input, init) : original(input, init));
    if (!url.startsWith(prismBase)) return response;
    seen.requests++;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = new URL(url).pathname;
    const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as Violation[];
    const left = unexplainedViolations(
      violations,
      { path, status: response.status, contentType: response.headers.get('content-type') ?? '' },
      REST_BASE,
    );
    if (left.length < violations.length) seen.explained++;
    const lines = [
      ...left.map((v) => `${v.location.join('.')}: ${v.message}`),
      ...(await bodyErrors(doc, check, response, path, method)),
    ];
    if (lines.length) {
      seen.unexplained += lines.length;
      throw new Error(
        `Prism: ${method} ${url.slice(prismBase.length)} answered ${response.status} against the OpenAPI document:\n  ${lines.join('\n  ')}`,
      );
    }
    return response;
  };
}

async function ready(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}: ${output()}`);
    try {
      await (await fetch(`${base}/v1/catalog`)).arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`prism did not start in 60 s: ${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function startPrismProxy(upstreamBase: string, starting: Promise<RunningServer>): Promise<RunningServer> {
  const doc = JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8'));
  const file = join(mkdtempSync(join(tmpdir(), 'uai-prism-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(rebasedDocument(doc)));
  const port = await freePort();
  // --cors=false: CORS headers and preflights are the service's own (CONTRACT section 8).
  const child = spawn(
    'node_modules/.bin/node',
    [PRISM, 'proxy', file, upstreamBase, '-p', String(port), '-h', '127.0.0.1', '--cors=false', '-v', 'warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const upstream = await starting.catch((error: unknown) => {
    child.kill('SIGTERM');
    throw error;
  });
  try {
    await ready(base, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    await upstream.stop();
    throw error;
  }
  watchFetch(base);
  return {
    base,
    direct: upstream.direct,
    stop: async () => {
      console.log(
        `Prism proxy: ${seen.requests} requests checked; ${seen.explained} with expected request violations only (requests the service refused with a 4xx problem, pages outside /v1); ${seen.unexplained} unexplained violations; ${seen.resent} sent again after Prism closed a kept-alive connection`,
      );
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await upstream.stop();
    },
  };
}
