import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { freePort, startLocalServer, type LocalServer } from '../support/local-server.ts';

export { freePort };

/** Test support of the HTTP suite: the real server (tests/support/local-server.ts), header and response checks. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /**
   * The service itself, without the target's intermediary: for checks of exact bytes and of
   * bodies that are not JSON text, which a validating proxy re-serializes or cannot carry.
   */
  readonly direct: string;
  readonly stop: () => Promise<void>;
}

/**
 * The target of the HTTP suite, chosen by UAI_HTTP_TARGET: `local` (default) is the local
 * server; `prism-proxy` puts Prism's validating proxy in front of it (tests/openapi/prism-proxy.ts).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const target = process.env.UAI_HTTP_TARGET ?? 'local';
  switch (target) {
    case 'local':
      return running(startLocalServer({ env }));
    case 'prism-proxy': {
      // Both start at once: Prism needs only the upstream's address to start.
      const port = await freePort();
      return (await import('../openapi/prism-proxy.ts')).startPrismProxy(`http://127.0.0.1:${port}`, running(startLocalServer({ env, port })));
    }
    default:
      throw new Error(`UAI_HTTP_TARGET=${target} is not a known target (local, prism-proxy)`);
  }
}

async function running(starting: Promise<LocalServer>): Promise<RunningServer> {
  const server = await starting;
  return { base: server.origin, direct: server.origin, stop: server.stop };
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
