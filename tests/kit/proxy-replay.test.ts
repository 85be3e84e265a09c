import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { seal } from '../../src/engine/index.ts';
import { parseRecordLine, replayRecording, type RecordedExchange } from '../../src/kit/proxy/index.ts';
import { proxyExchangeRecordSchema } from '../../src/records/openapi/recording-schema.ts';
import type { Transform } from './harness.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * Replaying a recording gives the live run's verdicts, whatever the traffic was. One kit run
 * through the proxy gives realistic requests; each property run sends them again through the live
 * proxy to a server whose answers are changed at random (a member altered and resealed or not, the
 * status, the media type, the bytes themselves, a byte order mark, a Retry-After), judges them live,
 * writes the recording, and judges the file offline: the two reports are equal, member for member.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const OPTIONS = { runId: '4bf92f3577b34da6a3ce929d0e0e4736', now: NOW };
const scratch = mkdtempSync(join(tmpdir(), 'uai-proxy-replay-'));
/** The published schema of a recording line (OpenAPI component ProxyExchangeRecord), as any validator reads it. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const recordLineValid = ajv.compile(proxyExchangeRecordSchema());
let px: ProxiedServer;
let requests: RecordedExchange['request'][];
beforeAll(async () => {
  px = await startProxiedServer();
  const { lines } = await px.fresh();
  await px.runKit();
  requests = lines.map((l) => (parseRecordLine(l) as { ok: true; exchange: RecordedExchange }).exchange.request);
});
afterAll(async () => {
  await px.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Change =
  | { kind: 'member'; pointer: string; value: unknown; reseal: boolean }
  | { kind: 'status'; status: number }
  | { kind: 'media'; type: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'bom' }
  | { kind: 'retry'; after: string }
  | { kind: 'limited'; status: number; after: string };

const POINTERS = [
  '/message_id',
  '/conversation/sequence',
  '/conversation/parent_message_id',
  '/body/status',
  '/body/state',
  '/delivery/task_ref',
  '/body/task_id',
  '/profile',
  '/body/code',
];
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('member' as const),
    pointer: fc.constantFrom(...POINTERS),
    value: fc.jsonValue({ maxDepth: 1 }),
    reseal: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(200, 202, 204, 301, 400, 404, 429, 500, 503),
  }),
  fc.record({
    kind: fc.constant('media' as const),
    type: fc.constantFrom('text/plain', 'application/problem+json', 'application/json; charset=latin-1', ''),
  }),
  fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({ kind: fc.constant('bom' as const) }),
  fc.record({ kind: fc.constant('retry' as const), after: fc.constantFrom('0', '1', '120', 'soon') }),
  fc.record({
    kind: fc.constant('limited' as const),
    status: fc.constantFrom(429, 503),
    after: fc.constantFrom('1', '120'),
  }),
);

function setAt(m: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer.slice(1).split('/');
  let o: Record<string, unknown> = m;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) return;
    o = o[k] as Record<string, unknown>;
  }
  o[keys.at(-1)!] = value;
}

/** Changes the n-th answers as the run says; the others pass as the reference server sent them. */
function changing(changes: ReadonlyMap<number, Change>): Transform {
  let n = 0;
  return async (ex) => {
    const c = changes.get(n++);
    if (!c) return ex.response;
    const headers = new Headers(ex.response.headers);
    let body: Uint8Array<ArrayBuffer> = new Uint8Array(await ex.response.clone().arrayBuffer());
    let status = ex.response.status;
    if (c.kind === 'member') {
      try {
        const m = JSON.parse(new TextDecoder().decode(body));
        setAt(m, c.pointer, c.value);
        body = new TextEncoder().encode(JSON.stringify(c.reseal ? seal(m) : m));
      } catch {
        /* not JSON: left as it is */
      }
    } else if (c.kind === 'status') status = c.status;
    else if (c.kind === 'media') headers.set('content-type', c.type);
    else if (c.kind === 'bytes') body = new Uint8Array(c.bytes);
    else if (c.kind === 'bom') body = new Uint8Array([0xef, 0xbb, 0xbf, ...body]);
    else if (c.kind === 'retry') headers.set('retry-after', c.after);
    else {
      status = c.status;
      headers.set('retry-after', c.after);
    }
    headers.delete('content-length');
    return new Response(status === 204 || status === 301 ? null : body, { status, headers });
  };
}

async function send(r: RecordedExchange['request']): Promise<void> {
  const headers = r.headers
    .filter(([n]) => n === 'content-type' || n === 'accept')
    .map(([n, v]) => [n, v] as [string, string]);
  try {
    const res = await fetch(`http://127.0.0.1:${px.proxy.port}${r.target}`, {
      method: r.method,
      headers,
      ...(r.method === 'POST' ? { body: r.body.text ?? Buffer.from(r.body.base64 ?? '', 'base64') } : {}),
      redirect: 'manual',
    });
    await res.arrayBuffer();
  } catch {
    /* a broken answer may leave nothing to read: the proxy judges it anyway */
  }
}

describe('a recording replayed gives the live verdicts', () => {
  it('the reference server, and every change of its answers', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: 16 }), change), { maxLength: 4 }), async (picked) => {
        px.server.transform = changing(new Map(picked));
        const { session, lines } = await px.fresh();
        for (const r of requests) await send(r);
        await px.proxy.judged();
        const live = session.report({ site: px.server.site, ...OPTIONS });
        const file = join(scratch, `run-${run++}.jsonl`);
        writeFileSync(file, lines.join(''));
        // Every line the proxy writes is what its published schema says.
        for (const line of lines)
          expect(recordLineValid(JSON.parse(line)), JSON.stringify(recordLineValid.errors)).toBe(true);
        const replayed = await replayRecording(file, { site: px.server.site, ...OPTIONS });
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(replayed.report).toEqual(live);
      }),
      { numRuns: Number(process.env.UAI_PROPERTY_RUNS ?? 60), seed: Number(process.env.UAI_PROPERTY_SEED ?? 38) },
    );
  }, 300_000);
});

describe('uai check-exchange --recording', () => {
  const io = () => {
    const out = { stdout: '', stderr: '' };
    return {
      out,
      io: {
        stdout: (t: string) => void (out.stdout += t),
        stderr: (t: string) => void (out.stderr += t),
        stdin: async () => '',
        env: { UAI_ORIGIN: px.server.site.origin },
        now: () => NOW,
        cwd: () => process.cwd(),
      },
    };
  };

  it('judges a recording as the live proxy did, in every format', async () => {
    px.server.transform = changing(
      new Map([[2, { kind: 'member', pointer: '/conversation/sequence', value: 9, reseal: true }]]),
    );
    const { session, lines } = await px.fresh();
    for (const r of requests) await send(r);
    await px.proxy.judged();
    const live = session.report({ site: px.server.site, ...OPTIONS });
    const file = join(scratch, 'cli.jsonl');
    writeFileSync(file, lines.join(''));
    const json = io();
    expect(await main(['check-exchange', '--recording', file, '--format', 'json'], json.io)).toBe(1);
    const offline = JSON.parse(json.out.stdout);
    expect(offline.findings).toEqual(live.findings);
    expect(offline.server.checks).toEqual(live.server.checks);
    expect(offline.client.checks).toEqual(live.client.checks);
    expect(live.findings.some((f) => f.side === 'server' && f.check === 'exchange.sequence')).toBe(true);
    const text = io();
    expect(await main(['check-exchange', '--recording', file], text.io)).toBe(1);
    expect(text.out.stdout).toMatch(/^#1 GET \/v1\/reference-server -> 200 {2}ok$/m);
    expect(text.out.stdout).toMatch(
      /^ {2}server exchange\.sequence \(must, spec 4\.2 rule 5\) \/conversation\/sequence: /m,
    );
    for (const format of ['junit', 'sarif'] as const) {
      const other = io();
      expect(await main(['check-exchange', '--recording', file, '--format', format], other.io)).toBe(1);
      expect(other.out.stdout).toContain('exchange.sequence');
    }
  });

  it('sarif: each finding on the line its exchange was read from, blank lines and gaps in the numbering and all', async () => {
    px.server.transform = changing(
      new Map([[2, { kind: 'member', pointer: '/conversation/sequence', value: 9, reseal: true }]]),
    );
    const { lines } = await px.fresh();
    for (const r of requests) await send(r);
    await px.proxy.judged();
    // A blank line first and between the exchanges, and every index times ten.
    const spaced = lines.map((l) => {
      const x = JSON.parse(l) as { index: number };
      return `\n${JSON.stringify({ ...x, index: x.index * 10 })}\n`;
    });
    const file = join(scratch, 'spaced.jsonl');
    writeFileSync(file, spaced.join(''));
    const run = io();
    expect(await main(['check-exchange', '--recording', file, '--format', 'sarif'], run.io)).toBe(1);
    const results = JSON.parse(run.out.stdout).runs[0].results as any[];
    expect(results.length).toBeGreaterThan(0);
    const fileLines = spaced.join('').split('\n');
    for (const r of results) {
      const line = r.locations[0].physicalLocation.region.startLine as number;
      expect(JSON.parse(fileLines[line - 1]!).index, JSON.stringify(r.message)).toBe(r.properties.exchange);
    }
    expect(results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(pathToFileURL(file).href);
  });

  it('a recording that is not UTF-8 is refused as such, not judged with U+FFFD in it (exit 2)', async () => {
    const file = join(scratch, 'latin1.jsonl');
    writeFileSync(file, Buffer.from('{"kind":"uai.proxy.exchange.v1","method":"P\xe9ST"}\n', 'latin1'));
    const run = io();
    expect(await main(['check-exchange', '--recording', file], run.io)).toBe(2);
    expect(run.out.stderr).toMatch(/is not UTF-8/);
  });

  it('refuses what is not a recording, naming the line (exit 2)', async () => {
    const file = join(scratch, 'bad.jsonl');
    for (const [text, error] of [
      ['{"kind":"uai.proxy.exchange.v1"}\n', /line 1: index is not a positive integer/],
      ['not json\n', /line 1: not JSON/],
      ['', /holds no recorded exchange/],
    ] as const) {
      writeFileSync(file, text);
      const run = io();
      expect(await main(['check-exchange', '--recording', file], run.io)).toBe(2);
      expect(run.out.stderr).toMatch(error);
    }
    const missing = io();
    expect(await main(['check-exchange', '--recording', join(scratch, 'none.jsonl')], missing.io)).toBe(2);
  });
});

describe('uai proxy on the command line', () => {
  it('says what is wrong with its arguments (exit 2), and its help names every option', async () => {
    const run = async (...argv: string[]) => {
      const out = { stdout: '', stderr: '' };
      const code = await main(['proxy', ...argv], {
        stdout: (t) => void (out.stdout += t),
        stderr: (t) => void (out.stderr += t),
        stdin: async () => '',
        env: {},
        now: () => NOW,
        cwd: () => process.cwd(),
      });
      return { code, ...out };
    };
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const option of [
      '--listen',
      '--upstream',
      '--record',
      '--format',
      '--report',
      '--exchanges',
      '--timeout',
      '--quiet',
    ])
      expect(help.stdout).toContain(option);
    for (const [argv, error] of [
      [['--upstream', 'http://127.0.0.1:1/x'], /--listen takes a port number/],
      [['--listen', '70000', '--upstream', 'http://127.0.0.1:1/x'], /--listen takes a port number/],
      [['--listen', '0'], /--upstream takes the http\(s\) URL/],
      [['--listen', '0', '--upstream', 'ftp://example.org/x'], /--upstream takes the http\(s\) URL/],
      [
        ['--listen', '0', '--upstream', 'http://127.0.0.1:1/x', '--format', 'html'],
        /--format takes text, json, junit, sarif/,
      ],
      [
        ['--listen', '0', '--upstream', 'http://127.0.0.1:1/x', '--exchanges', '0'],
        /--exchanges takes a positive whole number/,
      ],
      [['--bogus'], /^uai proxy: unknown option --bogus$/m],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(error);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('one exchange of a recording, and uai check-exchange on its two messages', () => {
  it('give the same verdict, pair by pair (polls with the status they follow)', async () => {
    px.server.transform = changing(
      new Map([[2, { kind: 'member', pointer: '/conversation/sequence', value: 9, reseal: true }]]),
    );
    const { judged, lines } = await px.fresh();
    for (const r of requests) await send(r);
    await px.proxy.judged();
    const recorded = lines.map((l) => (parseRecordLine(l) as { ok: true; exchange: RecordedExchange }).exchange);
    let compared = 0;
    let previous: string | undefined;
    for (const x of judged) {
      const rec = recorded[x.index - 1]!;
      if (!x.exchange) continue;
      const out = { stdout: '', stderr: '' };
      const response = join(scratch, `response-${x.index}.json`);
      writeFileSync(response, rec.response!.body.text!);
      const args = ['check-exchange', '', response, '--http-status', String(rec.response!.status), '--format', 'json'];
      if (x.role === 'message') {
        args[1] = join(scratch, `request-${x.index}.json`);
        writeFileSync(args[1], rec.request.body.text!);
        if (Array.isArray(JSON.parse(rec.request.body.text!))) args.push('--mode', 'keyless-json');
      } else {
        // A poll: the request that started the task, and the accepted answer (or status) it follows.
        args[1] = join(scratch, 'task-request.json');
        args.push('--previous', previous!);
      }
      await main(args, {
        stdout: (t) => void (out.stdout += t),
        stderr: (t) => void (out.stderr += t),
        stdin: async () => '',
        env: { UAI_ORIGIN: px.server.site.origin },
        now: () => new Date(rec.started_at),
        cwd: () => process.cwd(),
      });
      expect(JSON.parse(out.stdout), `exchange #${x.index}`).toEqual(x.exchange);
      compared += 1;
      // What the next poll follows: this answer, when it started a task or is a status of it.
      const body = JSON.parse(rec.response!.body.text!);
      if (body?.delivery?.task_ref && x.role === 'message' && body.body?.status === 'accepted') {
        writeFileSync(join(scratch, 'task-request.json'), rec.request.body.text!);
        previous = join(scratch, `previous-${x.index}.json`);
        writeFileSync(previous, rec.response!.body.text!);
      } else if (x.role === 'poll') {
        previous = join(scratch, `previous-${x.index}.json`);
        writeFileSync(previous, rec.response!.body.text!);
      }
    }
    expect(compared).toBeGreaterThan(5);
    expect(judged.some((x) => x.exchange && !x.exchange.conforms)).toBe(true);
  });
});
