import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchangeAction, mockExchangeAction, validateAction } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import type { CoreHandler } from '../../src/http/core.ts';
import { nodeAdapter } from '../../src/http/node/native-adapter.ts';
import { sendResponse, toRequest } from '../../src/http/node/node-bridge.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';
import { NOW, ORIGIN, requestExample, site } from '../support/in-process.ts';

/**
 * The two adapters of the HTTP core (issue 15): the Web adapter that Netlify runs (here behind the
 * node:http <-> Request/Response bridge, as the local server ran it before) and the node:http
 * adapter of the local server answer every case of one table with the same status, the same
 * header lines (names, case, order and values; only Date may differ) and the same body bytes.
 */
const cores: Record<string, CoreHandler> = {
  validate: actionCore({ site, action: validateAction, now: () => NOW }),
  'mock-exchange': actionCore({ site, action: mockExchangeAction, now: () => NOW }),
  'check-exchange': actionCore({ site, action: checkExchangeAction, now: () => NOW }),
  'reference-server': referenceServerCore({ site, now: () => NOW }),
};

const coreFor = (path: string): CoreHandler => cores[path.split('/')[2]!]!;

function serve(kind: 'web' | 'node'): Server {
  return createServer((req, res) => {
    const path = new URL(`http://localhost${req.url}`).pathname;
    const core = coreFor(path);
    if (kind === 'node') return void nodeAdapter(core)(req, res, path);
    void webAdapter(core)(toRequest(req, ORIGIN)).then((response) =>
      sendResponse(res, response, req.method === 'HEAD'),
    );
  });
}

interface Case {
  readonly name: string;
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

const message = requestExample();
const json = { 'content-type': 'application/json' };
const CASES: Case[] = [
  { name: 'validate a valid message', path: '/v1/validate', headers: json, body: JSON.stringify({ message }) },
  {
    name: 'validate as SARIF',
    path: '/v1/validate',
    headers: json,
    body: JSON.stringify({ message, format: 'sarif' }),
  },
  {
    name: 'validate as a record',
    path: '/v1/validate',
    headers: json,
    body: JSON.stringify({ message, format: 'record' }),
  },
  {
    name: 'validate an invalid message',
    path: '/v1/validate',
    headers: json,
    body: JSON.stringify({ message: { ...message, profile: 7 } }),
  },
  {
    name: 'mock exchange',
    path: '/v1/mock-exchange',
    headers: json,
    body: JSON.stringify({ message, scenario: 'accepted-task' }),
  },
  { name: 'check exchange', path: '/v1/check-exchange', headers: json, body: JSON.stringify({ request: message }) },
  { name: 'malformed JSON', path: '/v1/validate', headers: json, body: '{"message": {"a": 1,}}' },
  { name: 'empty body', path: '/v1/validate', headers: json, body: '' },
  { name: 'not UTF-8', path: '/v1/validate', headers: json, body: Buffer.from([0xff, 0xfe, 0x7b]) },
  { name: 'too deep', path: '/v1/validate', headers: json, body: `{"message":${'['.repeat(80)}${']'.repeat(80)}}` },
  { name: 'too large, streamed', path: '/v1/validate', headers: json, body: `{"message":"${'x'.repeat(300_000)}"}` },
  { name: 'text/plain', path: '/v1/validate', headers: { 'content-type': 'text/plain' }, body: '{}' },
  { name: 'gzip', path: '/v1/validate', headers: { ...json, 'content-encoding': 'gzip' }, body: '{}' },
  {
    name: 'latin-1',
    path: '/v1/mock-exchange',
    headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    body: '{}',
  },
  { name: 'GET on an action', method: 'GET', path: '/v1/validate' },
  { name: 'HEAD on an action', method: 'HEAD', path: '/v1/mock-exchange' },
  {
    name: 'preflight',
    method: 'OPTIONS',
    path: '/v1/validate',
    headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
  },
  { name: 'reference server capability', method: 'GET', path: '/v1/reference-server' },
  { name: 'reference server HEAD', method: 'HEAD', path: '/v1/reference-server' },
  { name: 'reference server message', path: '/v1/reference-server', headers: json, body: JSON.stringify(message) },
  { name: 'reference server unknown task', method: 'GET', path: '/v1/reference-server/tasks/nope' },
  { name: 'reference server DELETE', method: 'DELETE', path: '/v1/reference-server' },
];

interface Wire {
  readonly status: number;
  readonly headers: string[];
  readonly body: string;
}

function send(port: number, c: Case): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { port, method: c.method ?? 'POST', path: c.path, headers: c.headers, agent: false },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = res.rawHeaders;
          const headers: string[] = [];
          for (let i = 0; i < raw.length; i += 2)
            if (raw[i]!.toLowerCase() !== 'date') headers.push(`${raw[i]}: ${raw[i + 1]}`);
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks).toString('latin1') });
        });
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

const servers: Record<'web' | 'node', { server: Server; port: number }> = {} as never;

beforeAll(async () => {
  for (const kind of ['web', 'node'] as const) {
    const server = serve(kind);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers[kind] = { server, port: (server.address() as AddressInfo).port };
  }
});

afterAll(async () => {
  for (const { server } of Object.values(servers)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

describe('the Web and node:http adapters give the same answer on the wire', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const web = await send(servers.web.port, c);
    const node = await send(servers.node.port, c);
    expect(node).toEqual(web);
  });

  it('the table covers success, client errors and a body-less answer', async () => {
    const statuses = await Promise.all(CASES.map((c) => send(servers.node.port, c).then((w) => w.status)));
    expect(new Set(statuses)).toEqual(new Set([200, 202, 204, 400, 404, 405, 413, 415]));
  });
});
