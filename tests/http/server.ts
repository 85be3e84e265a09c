import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Test support: the real server as a child process, as a user starts it, on a free port. */
export interface RunningServer {
  readonly base: string;
  /**
   * The service itself, without the target's intermediary: for checks of exact bytes and of
   * bodies that are not JSON text, which a validating proxy re-serializes or cannot carry.
   */
  readonly direct: string;
  readonly stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
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

/**
 * The target of the HTTP suite, chosen by UAI_HTTP_TARGET: `local` (default) is the local
 * server; `prism-proxy` puts Prism's validating proxy in front of it (tests/openapi/prism-proxy.ts).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const target = process.env.UAI_HTTP_TARGET ?? 'local';
  switch (target) {
    case 'local':
      return startLocalServer(env);
    case 'prism-proxy': {
      // Both start at once: Prism needs only the upstream's address to start.
      const port = await freePort();
      return (await import('../openapi/prism-proxy.ts')).startPrismProxy(`http://127.0.0.1:${port}`, startLocalServer(env, port));
    }
    default:
      throw new Error(`UAI_HTTP_TARGET=${target} is not a known target (local, prism-proxy)`);
  }
}

async function startLocalServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  port ??= await freePort();
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
    direct: `http://127.0.0.1:${port}`,
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
