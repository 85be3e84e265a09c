/**
 * One scenario server of the client test kit: the reference server's core behind a script
 * (src/standard/client-scenarios.ts), listening on loopback only, on a free port, recording every request it gets
 * (method, path, headers, size, arrival time) and every answer it gives (status, headers, body,
 * time sent). It is also the client's HTTP proxy (the kit sets HTTP(S)_PROXY to it), so a request
 * meant for another host arrives here, is recorded as such, and is refused, never forwarded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { capabilityStatement, decodeTaskRef, seal, TASK_RUN_SECONDS, type JsonObject } from '../../engine/index.ts';
import type { CoreHandler, CoreReply, CoreRequest } from '../../http/core.ts';
import { sendReply } from '../../http/node/native-adapter.ts';
import { KEEP_ALIVE_MS } from '../../http/node/keep-alive.ts';
import { headerValue } from '../../http/headers.ts';
import { problemReply } from '../../http/problem.ts';
import { referenceServerCore } from '../../http/reference-server-handler.ts';
import { links, siteFor, type Site } from '../../standard/urls.ts';
import { RETRY_AFTER_SECONDS, SLOW_ANSWER_MS, type ClientScenarioId } from '../../standard/client-scenarios.ts';
import { ShrinkingPacer } from './collector.ts';
import { BUDGETS, readBody, runIntake, type ScenarioIntake } from './intake.ts';

export interface RecordedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** Milliseconds since the scenario started, when the answer was written out. */
  sentAt?: number;
}

export interface RecordedRequest {
  readonly index: number;
  /** Milliseconds since the scenario started, when the request's head arrived. */
  readonly at: number;
  readonly method: string;
  /** The host the request was meant for (Host header, or the proxy request's target). */
  readonly host: string;
  /** Whether it was meant for the scenario server itself. */
  readonly onHost: boolean;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly bytes: number;
  /**
   * The body as text, unless it passed the cap; once answered, kept only for a message the judge
   * parses: nothing reads the others again, and kept they would hold up to the run's byte budget.
   */
  body?: string;
  /** The body is not well-formed UTF-8 (`body` shows U+FFFD for its bad bytes): no message, as the service says. */
  readonly notUtf8?: true;
  /** Of a POST to the endpoint: why it is not parsed as a message, when it is not (settled as it arrives). */
  readonly unparsed?: string;
  answer?: RecordedAnswer;
}

export interface ScenarioServer {
  readonly site: Site;
  readonly endpoint: string;
  /** Where accepted tasks are polled: the endpoint's https-async-callback URL. */
  readonly pollBase: string;
  /** The capability statement this scenario serves. */
  readonly statement: JsonObject;
  readonly records: readonly RecordedRequest[];
  /** What the client sent, against the budgets. */
  readonly intake: ScenarioIntake;
  close(): Promise<void>;
}

/** The statement of the keyless scenario: the reference statement without its keyed endpoint, resealed. */
function keylessStatement(site: Site): JsonObject {
  const statement = capabilityStatement(site);
  const body = statement.body as JsonObject;
  const endpoints = (body.endpoints as JsonObject[]).filter((e) => e.binding !== 'https-json-keyed');
  return seal({
    ...structuredClone(statement),
    message_id: `${String(statement.message_id)}-keyless`,
    body: { ...body, endpoints },
  });
}

/**
 * Each header as its field lines read together (RFC 9110 section 5.3), as the service's platforms
 * hand them on: node:http's req.headers keeps only the first of two Content-Types, which the core
 * and the judge would then read as the one media type the request does not have.
 */
const headerRecord = (req: IncomingMessage): Record<string, string> =>
  Object.fromEntries(Object.entries(req.headersDistinct).map(([k, v]) => [k, headerValue(v) ?? '']));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startScenarioServer(
  scenario: ClientScenarioId,
  intake: ScenarioIntake = runIntake().scenario(),
): Promise<ScenarioServer> {
  const records: RecordedRequest[] = [];
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const polls = new Map<string, number>();
  let posts = 0;
  let site: Site = siteFor('http://127.0.0.1');
  let endpointPath = '';
  /** Where this scenario's tasks are polled (path only), set once the port is known. */
  let pollPrefix = '';
  let statement: JsonObject = {};
  const sockets = new Set<Socket>();
  const pacer = new ShrinkingPacer();

  /** The reference core, at a given instant: polls move a task on per poll, not per second. */
  const core = (now?: Date) =>
    referenceServerCore({
      site,
      ...(now ? { now: () => now } : {}),
      ...(scenario === 'typed-error' ? { scenario: 'typed-error' as const } : {}),
    });
  /** The core on the real clock, built once the port is known. */
  let answer: CoreHandler = core();

  /** `malformed`: the body's bytes when they are not UTF-8, which the core reads (and refuses) as sent. */
  async function script(record: RecordedRequest, malformed?: Uint8Array): Promise<CoreReply> {
    const request: CoreRequest = {
      method: record.method,
      path: record.path,
      header: (name) => record.headers[name] ?? null,
      body: async (cap) => {
        if (record.body === undefined || record.bytes > cap) return undefined;
        return malformed ?? new TextEncoder().encode(record.body);
      },
    };
    const isPost = record.method === 'POST' && record.path === endpointPath;
    if (record.method === 'GET' && record.path === endpointPath)
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(statement) };
    if (isPost) {
      posts += 1;
      if (scenario === 'rate-limited' && posts === 1)
        return problemReply(
          site,
          'request.rate_limited',
          'The first attempt of this scenario is refused; retry after the time Retry-After gives.',
          {
            headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          },
        );
      if (scenario === 'slow' && posts === 1) await sleep(SLOW_ANSWER_MS);
      if (scenario === 'keyless' && !record.body?.trimStart().startsWith('['))
        return problemReply(
          site,
          'request.invalid',
          'This endpoint declares only the keyless binding: send the message as a keyless JSON array.',
        );
    }
    if (record.method === 'GET' && record.path.startsWith(pollPrefix)) {
      let ref = '';
      try {
        ref = decodeURIComponent(record.path.slice(pollPrefix.length));
      } catch {
        // Not a reference this server issued: the core answers exchange.task_unknown.
      }
      const ticket = decodeTaskRef(ref);
      if (ticket) {
        // The first poll of a task sees it working, every later one completed.
        const n = (polls.get(ref) ?? 0) + 1;
        polls.set(ref, n);
        const done = (ticket.acceptedAt + TASK_RUN_SECONDS) * 1000;
        return core(n === 1 ? new Date(ticket.acceptedAt * 1000) : new Date(Math.max(Date.now(), done)))(request);
      }
    }
    return answer(request);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = elapsed();
    const target = req.url ?? '/';
    const own = `127.0.0.1:${port}`;
    let host = req.headers.host ?? '';
    let path = target;
    if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
      const url = new URL(target);
      host = url.host;
      path = `${url.pathname}${url.search}`;
    }
    const { bytes, text: body, overBudget, malformed } = await readBody(req, intake, intake.admit());
    if (overBudget) {
      // Counted, refused, not kept, its body not read: the connection is closed once the refusal is out.
      intake.refuse();
      const budget = intake.counts().budget ?? '';
      const reply = problemReply(
        site,
        budget.includes('requests') ? 'request.rate_limited' : 'request.too_large',
        `The test kit's budget of ${budget} is used up: this request was counted, not kept.`,
      );
      await sendReply(res, { ...reply, headers: { ...reply.headers, Connection: 'close' } }, false).catch(
        () => undefined,
      );
      req.socket.destroy();
      return;
    }
    const method = req.method ?? 'GET';
    const message = host === own && method === 'POST' && path === endpointPath;
    const unparsed = message ? intake.parse(bytes) : undefined;
    const record: RecordedRequest = {
      index: records.length,
      at,
      method,
      host,
      onHost: host === own,
      path,
      headers: headerRecord(req),
      bytes,
      ...(body !== undefined ? { body } : {}),
      ...(malformed !== undefined ? { notUtf8: true as const } : {}),
      ...(unparsed !== undefined ? { unparsed } : {}),
    };
    records.push(record);
    let reply: CoreReply;
    if (!record.onHost)
      reply = problemReply(
        site,
        'route.not_found',
        `The test kit does not forward requests to ${host || 'other hosts'}.`,
      );
    else reply = await script(record, malformed);
    record.answer = { status: reply.status, headers: reply.headers, text: reply.body ?? '' };
    if (!message || unparsed !== undefined) delete record.body;
    // When the answer went out: taken as it is written (sendReply writes before it first waits), not
    // once the write is done, so that other work of this process holding the event loop cannot make
    // a client's wait after the answer (Retry-After, polling) look shorter than it was.
    const writing = elapsed();
    // A client that closed its connection before the answer was written never read it (Node ends a
    // connection whose client ended its side): the request stays unanswered, so no answer the
    // client did not receive can be the one that completes its scenario.
    // The connection, not the response: a pipelined response has no socket until the one before it is done.
    if (req.socket.destroyed || !req.socket.writable) {
      delete record.answer;
      return;
    }
    await sendReply(res, reply, req.method === 'HEAD').catch(() => undefined);
    record.answer.sentAt = writing;
    if (body !== undefined) pacer.took(bytes);
  }

  // A client pausing between requests on one connection (a Retry-After, a poll interval) finds it
  // open, as the local server keeps it (KEEP_ALIVE_MS): a request lost to the server closing the
  // connection at that moment would be held against the client.
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  // Connections past the ones open at once are closed as they come, and counted.
  server.maxConnections = BUDGETS.openConnections;
  server.on('drop', () => intake.dropConnection());
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A CONNECT through the proxy: a tunnel to the scenario server itself is served (some HTTP stacks
  // tunnel plain HTTP too); one to any other host is recorded and refused.
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (req.url === `127.0.0.1:${port}`) {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) socket.unshift(head);
      server.emit('connection', socket);
      return;
    }
    if (intake.admit())
      records.push({
        index: records.length,
        at: elapsed(),
        method: 'CONNECT',
        host: req.url ?? '',
        onHost: false,
        path: '',
        headers: headerRecord(req),
        bytes: 0,
      });
    else intake.refuse();
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  site = siteFor(`http://127.0.0.1:${port}`);
  const endpoint = links(site).referenceServer;
  endpointPath = new URL(endpoint).pathname;
  pollPrefix = new URL(`${endpoint}/tasks/`).pathname;
  answer = core();
  statement = scenario === 'keyless' ? keylessStatement(site) : capabilityStatement(site);
  return {
    site,
    endpoint,
    pollBase: `${endpoint}/tasks/`,
    statement,
    records,
    intake,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
