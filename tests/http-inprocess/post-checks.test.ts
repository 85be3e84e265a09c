import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateAction } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import type { CoreHandler, CoreReply, CoreRequest } from '../../src/http/core.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { NOW, site } from '../support/in-process.ts';

/**
 * POST /v1/reference-server refuses a hostile request exactly as /v1/validate does (a bare message
 * instead of a {"message": ...} wrapper is the only difference between their bodies): every
 * combination of the tables below reaches both cores in process, and whether the transport checks
 * (method, media type, coding, charset, declared and streamed size, UTF-8, depth, JSON) refuse it,
 * with which status and code, is the same on both. GET and HEAD are left out: the reference server
 * answers them with its capability statement, where the action routes take POST only.
 */
const cores: Record<'validate' | 'reference-server', CoreHandler> = {
  validate: actionCore({ site, action: validateAction, now: () => NOW }),
  'reference-server': referenceServerCore({ site, now: () => NOW }),
};

const TRANSPORT_CODES = new Set([
  'request.method_not_allowed',
  'request.unsupported_media_type',
  'request.too_large',
  'request.malformed_json',
  'request.too_deep',
]);

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'TRACE'];
const CONTENT_TYPES = [
  undefined,
  '',
  'application/json',
  'APPLICATION/JSON; charset=UTF-8',
  'application/json; charset="utf8"',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.uai+json; charset=iso-8859-1',
  'application/json;charset=us-ascii',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json-seq',
];
const CONTENT_ENCODINGS = [undefined, '', 'identity', 'gzip', 'GZIP', 'br', 'identity, deflate'];
/** Declared Content-Length: as sent, over the limit by one, far over, and values no parser would pass. */
const DECLARED = ['actual', '262145', '300000', '99999999999999999999', '-1', 'ten'];

const valid = '{"message": {"profile": "uai.intent.request.v1"}}';
const BODIES: Record<string, Buffer> = {
  'valid JSON': Buffer.from(valid),
  empty: Buffer.alloc(0),
  malformed: Buffer.from('{"message": {"a": 1,}}'),
  'not UTF-8': Buffer.from([0xff, 0xfe, 0x7b]),
  'latin-1 text': Buffer.from('{"message": "caf\u00e9"}', 'latin1'),
  'UTF-16': Buffer.from(valid, 'utf16le'),
  gzipped: gzipSync(valid),
  'too deep': Buffer.from(`{"message":${'['.repeat(80)}${']'.repeat(80)}}`),
  '300 KB': Buffer.from(`{"message":"${'x'.repeat(300_000)}"}`),
};

interface Case {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

function request(path: string, c: Case): CoreRequest {
  return {
    method: c.method,
    path,
    header: (name) => c.headers[name] ?? null,
    body: async (cap) => (c.body.byteLength > cap ? undefined : new Uint8Array(c.body)),
  };
}

function caseOf(method: string, type: string | undefined, coding: string | undefined, declared: string, body: Buffer) {
  const headers: Record<string, string> = {
    'content-length': declared === 'actual' ? String(body.byteLength) : declared,
  };
  if (type !== undefined) headers['content-type'] = type;
  if (coding !== undefined) headers['content-encoding'] = coding;
  return { method, headers, body };
}

function* cases(): Generator<[string, Case]> {
  for (const type of CONTENT_TYPES)
    for (const coding of CONTENT_ENCODINGS)
      for (const declared of DECLARED)
        for (const [name, body] of Object.entries(BODIES))
          yield [`POST ${type} / ${coding} / ${declared} / ${name}`, caseOf('POST', type, coding, declared, body)];
  for (const method of METHODS.slice(1))
    for (const type of ['application/json', 'text/plain'])
      yield [`${method} ${type}`, caseOf(method, type, undefined, 'actual', BODIES['valid JSON']!)];
}

/** The transport verdict of an answer: the status and code of a transport problem, or that it passed them. */
function verdict(reply: CoreReply): string {
  if (!reply.headers['Content-Type']?.startsWith('application/problem+json')) return 'passed';
  const code = (JSON.parse(reply.body!) as { code: string }).code;
  return TRANSPORT_CODES.has(code) ? `${reply.status} ${code}` : 'passed';
}

describe('POST /v1/reference-server and /v1/validate refuse hostile requests alike', () => {
  const all = [...cases()];

  it('the same transport verdict for every combination', async () => {
    const differing: string[] = [];
    for (const [name, c] of all) {
      const expected = verdict(await cores.validate(request('/v1/validate', c)));
      const got = verdict(await cores['reference-server'](request('/v1/reference-server', c)));
      if (got !== expected) differing.push(`${name}: validate ${expected}, reference-server ${got}`);
    }
    expect(differing).toEqual([]);
  });

  it('the table reaches every transport refusal and gets past them too', async () => {
    const seen = new Set<string>();
    for (const [, c] of all) seen.add(verdict(await cores.validate(request('/v1/validate', c))));
    expect(seen).toEqual(
      new Set([
        'passed',
        '405 request.method_not_allowed',
        '413 request.too_large',
        '415 request.unsupported_media_type',
        '400 request.malformed_json',
        '400 request.too_deep',
      ]),
    );
  });
});
