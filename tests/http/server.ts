import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect, inject } from 'vitest';
import { emulatorValue, type Served } from '../netlify/emulator-differences.ts';
import { freePort, startLocalServer, type LocalServer } from '../support/local-server.ts';
import type { RunningServer } from './running-server.ts';

export { freePort };
export type { RunningServer };

/**
 * Test support of the HTTP suite: the host under test, chosen by UAI_HTTP_TARGET, and header and
 * response checks. `local` (default) is the local server (tests/support/local-server.ts) on a free
 * port; `prism-proxy` puts Prism's validating proxy in front of it (tests/openapi/prism-proxy.ts);
 * `netlify` is the Netlify emulation that tests/netlify/global-setup.ts started once for the run.
 */
export type HttpTarget = 'local' | 'prism-proxy' | 'netlify';
export const HTTP_TARGET: HttpTarget =
  (['prism-proxy', 'netlify'] as const).find((t) => t === process.env.UAI_HTTP_TARGET) ?? 'local';

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const target = process.env.UAI_HTTP_TARGET ?? 'local';
  switch (target) {
    case 'netlify': {
      if (Object.keys(env).length)
        throw new Error('The Netlify emulation is shared by the run; it takes no per-file environment.');
      const base = inject('netlifyBase');
      return { base, direct: base, stop: async () => {} };
    }
    case 'local':
      return running(startLocalServer({ env }));
    case 'prism-proxy': {
      // Both start at once: Prism needs only the upstream's address to start.
      const port = await freePort();
      return (await import('../openapi/prism-proxy.ts')).startPrismProxy(
        `http://127.0.0.1:${port}`,
        running(startLocalServer({ env, port })),
      );
    }
    default:
      throw new Error(`UAI_HTTP_TARGET=${target} is not a known target (local, prism-proxy, netlify)`);
  }
}

async function running(starting: Promise<LocalServer>): Promise<RunningServer> {
  const server = await starting;
  return { base: server.origin, direct: server.origin, stop: server.stop };
}

export const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
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

/**
 * The headers of an answer a client acts on that CORS hides from a script on another origin unless
 * listed in Access-Control-Expose-Headers: each the answer carries must be listed. Returns the ones
 * it carries, so a caller can say which it expected.
 */
export function expectExposedAcrossOrigins(response: Response): string[] {
  const exposed = (response.headers.get('access-control-expose-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const carried = ['etag', 'link', 'retry-after', 'content-disposition'].filter((name) => response.headers.has(name));
  for (const name of carried) expect(exposed, name).toContain(name);
  return carried;
}

export function securityHeadersOf(response: Response): Record<string, string | null> {
  return Object.fromEntries(Object.keys(SECURITY).map((k) => [k, response.headers.get(k)]));
}

export const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The published OpenAPI document's component schemas, compiled for response checks. */
export function openApiValidator() {
  const doc = JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8')) as { components: { schemas: unknown } };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  const id = 'https://openapi.test/document';
  // The schemas only: components/examples are data, and the records among them carry $id members.
  ajv.addSchema({ $id: id, components: { schemas: doc.components.schemas } });
  return (component: string, value: unknown): string[] => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${component}`);
    if (!validate) throw new Error(`No component ${component}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

export const distFile = (path: string): Buffer => readFileSync(`dist${path}`);

export interface WholeAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A request with node:http, the whole body read as bytes: no decoding of a Content-Encoding (fetch
 * would decode it) and no undici (under the Netlify emulation, a large body on a closing
 * connection trips its parser with an uncaught `assert(!this.paused)`).
 */
export const requestWhole = (
  url: string,
  options: { readonly method?: string; readonly headers?: Record<string, string> } = {},
): Promise<WholeAnswer> =>
  new Promise((done, fail) => {
    request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
