import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/local-server.ts';
import { documentSchemas, openApiDocument } from './document-schemas.ts';
import { rebasedDocument } from './prism-proxy.ts';
import { messageVerdicts, responseExamples, type ResponseExample } from './response-examples.ts';

/**
 * The document as a mock: `prism mock` (Stoplight Prism, pinned in package.json) serves the
 * built document, and every example of every response is asked for by name (`Prefer: code=…,
 * example=…`, `Accept: <media type>`). Each answer must be its example, fit the response schema,
 * and hold only UAI-1 messages that validate clean: a client building against the mock offline
 * gets what the service sends.
 */
const PRISM = 'node_modules/@stoplight/prism-cli/dist/index.js';
const doc = openApiDocument();
const examples = responseExamples(doc as never);
const errorsAt = documentSchemas(doc);

type Operation = {
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { $ref?: string; value?: unknown }> }> };
};
const operation = (e: ResponseExample) =>
  (doc.paths as unknown as Record<string, Record<string, Operation>>)[e.path]![e.method]!;

/** The operation's URL: path parameters from their enum (the first value) or any text. */
function urlOf(e: ResponseExample): string {
  const params = operation(e).parameters ?? [];
  return e.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = params.find((q) => q.in === 'path' && q.name === name);
    return encodeURIComponent(p?.schema?.enum?.[0] ?? 'example');
  });
}

/** The first request example of the operation, resolved: the mock checks the request before it answers. */
function requestBody(e: ResponseExample): string | undefined {
  const media = operation(e).requestBody?.content['application/json'];
  const first = Object.values(media?.examples ?? {})[0];
  if (!first) return undefined;
  const components = (doc as unknown as { components: { examples: Record<string, { value: unknown }> } }).components;
  return JSON.stringify(first.$ref ? components.examples[first.$ref.split('/').pop()!]!.value : first.value);
}

let child: ChildProcess | undefined;
let base = '';
let dir = '';
let output = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uai-prism-mock-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(rebasedDocument(doc)));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // --cors=false: the preflight operations are the document's own; static examples, never invented ones.
  child = spawn(
    'node_modules/.bin/node',
    [PRISM, 'mock', file, '-p', String(port), '-h', '127.0.0.1', '--cors=false', '-v', 'warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism mock exited ${child.exitCode}: ${output}`);
    try {
      await (await fetch(`${base}/v1/catalog`)).arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`prism mock did not start in 60 s: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('prism mock of the built document', () => {
  it('covers every operation', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m} ${path}`),
    );
    const asked = new Set(examples.map((e) => `${e.method} ${e.path}`));
    expect(operations.filter((o) => !asked.has(o))).toEqual([]);
  });

  it(`answers each of the ${examples.length} response examples by name: the example itself, fitting its schema, every message valid`, async () => {
    const failures: string[] = [];
    for (const e of examples) {
      const name = `${e.method.toUpperCase()} ${e.path} ${e.status} ${e.mediaType} ${e.key}`;
      const body = e.method === 'post' ? requestBody(e) : undefined;
      const response = await fetch(`${base}/v1${urlOf(e)}`, {
        method: e.method.toUpperCase(),
        headers: {
          Prefer: `code=${e.status}, example=${e.key}`,
          Accept: e.mediaType,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body,
      });
      const text = await response.text();
      if (String(response.status) !== e.status) {
        failures.push(`${name}: status ${response.status}: ${text.slice(0, 300)}`);
        continue;
      }
      const value: unknown = JSON.parse(text);
      if (JSON.stringify(value) !== JSON.stringify(e.value)) failures.push(`${name}: the answer is not its example`);
      const at = ['paths', e.path, e.method, 'responses', e.status, 'content', e.mediaType, 'schema'];
      failures.push(...errorsAt(at, value).map((error) => `${name}: schema: ${error}`));
      for (const v of messageVerdicts(doc as never, value))
        if (v.errors.length || v.warnings.length)
          failures.push(`${name}: message at ${v.at}: ${[...v.errors, ...v.warnings].join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
