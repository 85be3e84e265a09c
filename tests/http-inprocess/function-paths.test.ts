import { describe, expect, it } from 'vitest';
import * as actionReads from '../../netlify/functions/action-reads.mts';
import * as checkExchange from '../../netlify/functions/check-exchange.mts';
import * as mockExchange from '../../netlify/functions/mock-exchange.mts';
import * as validate from '../../netlify/functions/validate.mts';

/**
 * A function answers its own paths alone. netlify-cli hands a function paths its config does not
 * name (without case, a trailing slash dropped): `POST /v1/Validate/` ran the check there while the
 * local server answered 404, and the contract makes any unknown /v1 path a 404 route.not_found.
 */
const FUNCTIONS = {
  validate,
  'mock-exchange': mockExchange,
  'check-exchange': checkExchange,
  'action-reads': actionReads,
};

const call = async (fn: (r: Request) => Promise<Response>, method: string, path: string) => {
  const res = await fn(
    new Request(`http://localhost:4321${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    }),
  );
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { code?: string }) : {};
  return [res.status, body.code ?? null];
};

describe('each POST route function', () => {
  for (const [name, fn] of Object.entries(FUNCTIONS)) {
    const paths = [fn.config.path].flat();
    const method = name === 'action-reads' ? 'OPTIONS' : 'POST';
    it(`${name}: its own paths reach the route; another spelling of them is 404 route.not_found`, async () => {
      for (const path of paths) {
        expect(await call(fn.default, method, path)).not.toEqual([404, 'route.not_found']);
        for (const other of [
          `${path}/`,
          path.toUpperCase(),
          path.replace(/^\/v1\/(.)/, (_m, c: string) => `/v1/%${c.charCodeAt(0).toString(16)}`),
        ])
          expect({ other, answer: await call(fn.default, method, other) }).toEqual({
            other,
            answer: [404, 'route.not_found'],
          });
      }
    });
  }
});
