import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect, inject } from 'vitest';
import { emulatorValue, type Served } from '../netlify/emulator-differences.ts';

/**
 * Test support: the host under test. By default the real local server as a child process, as a
 * user starts it, on a free port. With UAI_HTTP_TARGET=netlify, the Netlify emulation that
 * tests/netlify/global-setup.ts started once for the whole run (`npm run test:netlify`).
 */
export type HttpTarget = 'local' | 'netlify';
export const HTTP_TARGET: HttpTarget = process.env.UAI_HTTP_TARGET === 'netlify' ? 'netlify' : 'local';

export interface RunningServer {
  readonly base: string;
  readonly stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (HTTP_TARGET === 'netlify') {
    if (Object.keys(env).length) throw new Error('The Netlify emulation is shared by the run; it takes no per-file environment.');
    return { base: inject('netlifyBase'), stop: async () => {} };
  }
  const port = await freePort();
  const child: ChildProcess = spawn('node_modules/.bin/node', ['scripts/start.ts', '--no-build'], {
    env: { ...process.env, PORT: String(port), UAI_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "frame-ancestors 'self'",
} as const;

/**
 * Asserts a header as CONTRACT sections 1 and 8 say, or, under the Netlify emulation, as its
 * documented difference from production says (tests/netlify/emulator-differences.ts).
 */
export function expectHeader(response: Response, name: string, served: Served, contract: string | RegExp | null): void {
  const difference = HTTP_TARGET === 'netlify' ? emulatorValue(name, served) : undefined;
  const wanted = difference ? difference.emulator : contract;
  const actual = response.headers.get(name);
  if (wanted instanceof RegExp) expect(actual, name).toMatch(wanted);
  else expect(actual, name).toBe(wanted);
}

/** `Server`: none from the local server; the platform's own name on Netlify (not a version). */
export const expectedServer = (): string | null => (HTTP_TARGET === 'netlify' ? 'Netlify' : null);

export function securityHeadersOf(response: Response): Record<string, string | null> {
  return Object.fromEntries(Object.keys(SECURITY).map((k) => [k, response.headers.get(k)]));
}

export const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The published OpenAPI document's component schemas, compiled for response checks. */
export function openApiValidator() {
  const doc = JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8')) as { components: unknown };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  const id = 'https://openapi.test/document';
  ajv.addSchema({ $id: id, components: doc.components });
  return (component: string, value: unknown): string[] => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${component}`);
    if (!validate) throw new Error(`No component ${component}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

export const distFile = (path: string): Buffer => readFileSync(`dist${path}`);
