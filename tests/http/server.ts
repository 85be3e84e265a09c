import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startLocalServer } from '../support/local-server.ts';

/** Test support of the HTTP suite: the real server (tests/support/local-server.ts), header and response checks. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly stop: () => Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startLocalServer({ env });
  return { base: server.origin, stop: server.stop };
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
