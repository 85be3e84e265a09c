import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type RunningServer } from '../http/server.ts';
import { unexplainedViolations, type Violation } from './violations.ts';

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
  if (base !== REST_BASE) throw new Error(`The document's server is ${doc.servers[0]!.url}, not the REST base ${REST_BASE}`);
  return { ...doc, servers: [], paths: Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [base + path, item])) };
}

const reported: string[] = [];
/** Every violation seen in this process, for a summary at the end of a run. */
export const prismReport = (): readonly string[] => reported;

function watchFetch(prismBase: string) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await original(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(prismBase)) return response;
    const header = response.headers.get('sl-violations');
    if (!header) return response;
    const violations = JSON.parse(header) as Violation[];
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = new URL(url).pathname;
    const left = unexplainedViolations(violations, { path, status: response.status, contentType: response.headers.get('content-type') ?? '' }, REST_BASE);
    if (left.length) {
      const lines = left.map((v) => `${v.location.join('.')}: ${v.message}`);
      reported.push(...lines.map((l) => `${method} ${url.slice(prismBase.length)} -> ${response.status}: ${l}`));
      throw new Error(`Prism: ${method} ${url.slice(prismBase.length)} answered ${response.status} against the OpenAPI document:\n  ${lines.join('\n  ')}`);
    }
    return response;
  };
}

export async function startPrismProxy(upstream: RunningServer): Promise<RunningServer> {
  const doc = JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8'));
  const file = join(mkdtempSync(join(tmpdir(), 'uai-prism-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(rebasedDocument(doc)));
  const port = await freePort();
  // --cors=false: CORS headers and preflights are the service's own (CONTRACT section 8).
  const child = spawn('node_modules/.bin/node', [PRISM, 'proxy', file, upstream.base, '-p', String(port), '-h', '127.0.0.1', '--cors=false', '-v', 'warn'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}: ${output}`);
    try {
      await (await fetch(`${base}/v1/catalog`)).arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`prism did not start in 30 s: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  watchFetch(base);
  return {
    base,
    direct: upstream.direct,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await upstream.stop();
    },
  };
}
