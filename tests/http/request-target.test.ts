import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTarget } from '../../src/http/node/request-target.ts';
import { rawRequest } from './raw-request.ts';
import { HTTP_TARGET, SECURITY, startServer, type RunningServer } from './server.ts';

/**
 * The absolute form of a request target (`GET http://host/v1/catalog HTTP/1.1`), which a server
 * MUST accept (RFC 9112 section 3.2.2): the host answers for its path and query, whatever the
 * authority says. Sent on a raw socket: fetch and node:http only write the origin form.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('absolute-form request targets', () => {
  it('are answered for their path, as the origin form is', async () => {
    for (const [absolute, path] of [
      ['http://other.example/v1/catalog', '/v1/catalog'],
      ['HTTP://OTHER.EXAMPLE:8080/v1/schemas/uai.envelope.v1', '/v1/schemas/uai.envelope.v1'],
      ['https://other.example/v1/adoption-kit?download=1', '/v1/adoption-kit?download=1'],
      ['http://other.example/field-registry/', '/field-registry/'],
      ['http://other.example', '/'],
      ['http://other.example/v1/nope', '/v1/nope'],
      ['http://other.example/es/nope/', '/es/nope/'],
    ]) {
      const viaAbsolute = await rawRequest(server.direct, 'GET', absolute!);
      const viaPath = await rawRequest(server.direct, 'GET', path!);
      expect({ absolute, status: viaAbsolute.status }).toEqual({ absolute, status: viaPath.status });
      expect(viaAbsolute.body.equals(viaPath.body), absolute).toBe(true);
      expect(viaAbsolute.headers['content-type']).toBe(viaPath.headers['content-type']);
    }
  });

  // Under the emulation a function misses an absolute-form request (EMULATOR_REQUEST_DIFFERENCES.absoluteFormFunction).
  it.runIf(HTTP_TARGET !== 'netlify')('reach the function routes by their path', async () => {
    const capability = await rawRequest(server.direct, 'GET', 'http://other.example/v1/reference-server');
    expect(capability.status).toBe(200);
    expect(capability.body.equals((await rawRequest(server.direct, 'GET', '/v1/reference-server')).body)).toBe(true);
    const answer = await rawRequest(server.direct, 'POST', 'http://other.example/v1/validate', {
      headers: ['Content-Type: application/json'],
      body: JSON.stringify({ message: { uai_version: '2.0' }, format: 'summary' }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).valid).toBe(false);
  });

  it.runIf(HTTP_TARGET === 'netlify')(
    'miss the function routes under the emulation (a documented difference)',
    async () => {
      const answer = await rawRequest(server.direct, 'GET', 'http://other.example/v1/reference-server');
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body.toString()).code).toBe('route.not_found');
    },
  );

  it('never redirect to the authority they name', async () => {
    const answer = await rawRequest(server.direct, 'GET', 'http://evil.example/en-us/api/');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/api/');
  });

  it.runIf(HTTP_TARGET !== 'netlify')(
    'the local server refuses a target of another form with a 400 problem',
    async () => {
      for (const [method, target] of [
        ['OPTIONS', '*'],
        ['GET', 'ftp://other.example/v1/catalog'],
        // No URI at all: Node's parser refuses it (docs/slow-clients.md).
        ['GET', 'v1/catalog'],
        // A backslash, which the URL parser would read as "/" (a route by a path nobody has).
        ['GET', '/v1\\catalog'],
        ['GET', '/v1/x\\..\\catalog'],
        ['GET', 'http://other.example/v1\\catalog'],
      ]) {
        const answer = await rawRequest(server.direct, method!, target!);
        expect({ target, status: answer.status }).toEqual({ target, status: 400 });
        expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
        for (const [name, value] of Object.entries(SECURITY)) expect(answer.headers[name]).toBe(value);
        expect(JSON.parse(answer.body.toString()).code).toBe('request.invalid');
      }
    },
  );

  it('reads the path and query of each form (the local server)', () => {
    expect(requestTarget('/v1/catalog?x=1')).toBe('/v1/catalog?x=1');
    expect(requestTarget('//evil.example')).toBe('//evil.example');
    expect(requestTarget('http://h.example/v1/catalog?x=1')).toBe('/v1/catalog?x=1');
    expect(requestTarget('https://h.example')).toBe('/');
    expect(requestTarget('http://h.example//evil.example')).toBe('//evil.example');
    expect(requestTarget('*')).toBeUndefined();
    expect(requestTarget('h.example:443')).toBeUndefined();
    expect(requestTarget('ftp://h.example/v1/catalog')).toBeUndefined();
    expect(requestTarget('http://[bad/')).toBeUndefined();
    expect(requestTarget(undefined)).toBeUndefined();
  });
});
