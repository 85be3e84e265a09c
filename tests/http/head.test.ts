import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from './raw-request.ts';
import { HTTP_TARGET, startServer, type RunningServer } from './server.ts';
import { EMULATOR_REQUEST_DIFFERENCES } from '../netlify/emulator-differences.ts';

/**
 * HEAD carries the header fields GET would, Content-Length included, and no body (RFC 9110
 * section 9.3.2), on every kind of route: records, pages, the redirects, the 404 problem and 404
 * pages, and each function route (its own answers and its 405s). Both hosts.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const ROUTES = [
  '/v1/catalog',
  '/v1/schemas/uai.envelope.v1',
  '/v1/adoption-kit?download=1',
  '/v1/openapi.json',
  '/',
  '/field-registry/',
  '/es/field-registry/',
  '/en-us/api/',
  '/v1/nope',
  '/nope/',
  '/fr/nope/',
  '/v1/reference-server',
  '/v1/reference-server/tasks/no-such-task',
  '/v1/validate',
  '/v1/mock-exchange',
  '/v1/check-exchange',
];

/** Headers that name one answer (its time, its id, its connection), not the representation. */
const PER_ANSWER =
  /^(date|age|connection|keep-alive|transfer-encoding|x-nf-request-id|x-nf-invocation-metadata|x-nf-start-timestamp)$/;

const representation = (answer: RawAnswer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER.test(name)));

describe('HEAD', () => {
  it.each(ROUTES)('%s: the headers of the GET, Content-Length included, and no body', async (path) => {
    const get = await rawRequest(server.direct, 'GET', path);
    const head = await rawRequest(server.direct, 'HEAD', path);
    expect(head.status).toBe(get.status);
    expect(head.body.byteLength).toBe(0);
    const expected = representation(get);
    // The emulation's documented differences (tests/netlify/emulator-differences.ts): its redirects
    // have no length, and its HEAD of a file carries the ETag of an empty body.
    const emulated = HTTP_TARGET === 'netlify';
    const redirect = get.status >= 300 && get.status < 400;
    if (emulated && expected.etag) expected.etag = EMULATOR_REQUEST_DIFFERENCES.headEtag.emulator;
    expect(head.headers['content-length'], 'HEAD Content-Length').toBe(
      emulated && redirect ? undefined : String(get.body.byteLength),
    );
    expect(representation(head)).toEqual(expected);
  });
});
