import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The published OpenAPI document as tools no one here wrote read it (issue: generators and
 * linters accept it): Redocly's strictest built-in ruleset, Stoplight Spectral's `spectral:oas`
 * ruleset, and openapi-typescript, whose output must compile under `tsc --strict` and accept the
 * document's own examples as values of the generated types.
 */
const DOCUMENT = resolve('dist/v1/openapi.json');
const NODE = resolve('node_modules/.bin/node');
// Each tool is a separate process; on a busy 2-core machine tsc alone can take half a minute.
const TOOL_TIMEOUT = 120_000;
const run = (script: string, args: string[]) =>
  spawnSync(NODE, [resolve(script), ...args], { encoding: 'utf8', timeout: TOOL_TIMEOUT });

describe('the OpenAPI document read by third-party tools', () => {
  it(
    'Redocly lint --extends=recommended-strict: 0 problems',
    () => {
      const r = run('node_modules/@redocly/cli/bin/cli.js', [
        'lint',
        DOCUMENT,
        '--extends=recommended-strict',
        '--format=json',
      ]);
      const problems = (JSON.parse(r.stdout).problems as { ruleId: string; message: string }[]).map(
        (p) => `${p.ruleId}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(r.status).toBe(0);
    },
    TOOL_TIMEOUT,
  );

  it(
    'Spectral spectral:oas: 0 results of any severity',
    () => {
      const r = run('node_modules/@stoplight/spectral-cli/dist/index.js', [
        'lint',
        DOCUMENT,
        '--ruleset',
        resolve('.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
      ]);
      const results = (JSON.parse(r.stdout || '[]') as { code: string; message: string; path: string[] }[]).map(
        (x) => `${x.code} at ${x.path.join('.')}: ${x.message}`,
      );
      expect(results).toEqual([]);
      expect(r.status).toBe(0);
    },
    TOOL_TIMEOUT,
  );

  it(
    'openapi-typescript output compiles under tsc --strict and types the published examples',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'uai-openapi-ts-'));
      const generated = run('node_modules/openapi-typescript/bin/cli.js', [DOCUMENT, '--output', join(dir, 'api.ts')]);
      expect(generated.status, generated.stderr).toBe(0);
      writeFileSync(join(dir, 'usage.ts'), usage(JSON.parse(readFileSync(DOCUMENT, 'utf8'))));
      const tsc = run('node_modules/typescript/bin/tsc', [
        '--strict',
        '--noEmit',
        '--target',
        'ES2022',
        '--lib',
        'ES2022',
        '--module',
        'NodeNext',
        '--moduleResolution',
        'NodeNext',
        join(dir, 'api.ts'),
        join(dir, 'usage.ts'),
      ]);
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
    2 * TOOL_TIMEOUT,
  );
});

type Example = { value?: unknown; $ref?: string };
type Examples = Record<string, Example>;
type Content = Record<string, { examples?: Examples }>;

/** A client's view: every request and response example of the document, assigned to its generated type. */
function usage(doc: {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> }>
  >;
  components: { examples?: Record<string, Example> };
}): string {
  // Examples live in components/examples; an operation points at them with $ref.
  const valueOf = (e: Example) => (e.$ref ? doc.components.examples?.[e.$ref.split('/').pop()!] : e)?.value;
  const lines = ["import type { paths } from './api.js';"];
  let n = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const at = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        for (const example of Object.values(media.examples ?? {}))
          lines.push(
            `export const v${n++}: NonNullable<${at}['requestBody']>['content'][${JSON.stringify(type)}] = ${JSON.stringify(valueOf(example))};`,
          );
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          for (const example of Object.values(media.examples ?? {}))
            lines.push(
              `export const v${n++}: ${at}['responses'][${status}]['content'][${JSON.stringify(type)}] = ${JSON.stringify(valueOf(example))};`,
            );
        }
      }
    }
  }
  // Any JSON object is a message the service judges; a keyless message is any array.
  lines.push(
    "export const anyObject: paths['/mock-exchange']['post']['requestBody']['content']['application/json'] = { message: { profile: 'uai.task.status.v1', extra: [1, null] } };",
  );
  lines.push(
    "export const keyless: paths['/validate']['post']['requestBody']['content']['application/json'] = { message: ['1.0', null, [1]], normalization_mode: 'keyless-json', format: 'summary' };",
  );
  return `${lines.join('\n')}\n`;
}
