import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { apiFallback, PAGE_ALLOW } from '../api-fallback.ts';
import { internalProblem, problemResponse } from '../problem.ts';
import { createRateLimiter, RATE_LIMIT, type RateLimiter } from '../rate-limit.ts';
import { CORS_HEADERS, SECURITY_HEADERS } from '../headers.ts';
import { rewrite, staticHeadersFor } from '../static-routing.ts';
import { localeRedirects, notFoundPageFor, redirector } from '../locale-redirects.ts';
import { dataPagesOfReport } from '../../service/pages.ts';
import { recordFile } from '../../records/files.ts';
import { requestTarget, targetUrl } from './request-target.ts';
import type { Site } from '../../standard/urls.ts';
import { drain, holdContinue, sendResponse, toRequest } from './node-bridge.ts';
import { nodeAdapter, sendReply } from './native-adapter.ts';
import type { CoreHandler } from '../core.ts';
import { lookup, notModified, type StaticFile } from './static-site.ts';
import { codedEtag, compressedBodies, isCompressible, negotiateCoding } from './content-coding.ts';
import { answerClientErrors, CLIENT_TIMEOUTS, timeoutOptions, type ClientTimeouts } from './client-timeouts.ts';

/**
 * The local server of `npm start` (CONTRACT sections 1 and 8): dist/ with the same header and
 * rewrite table as Netlify, and the two POST routes served by the very function modules Netlify
 * deploys, at the paths their own config declares.
 */
export interface AppOptions {
  readonly site: Site;
  readonly files: ReadonlyMap<string, StaticFile>;
  /** false turns the limiter off (UAI_RATE_LIMIT=0). */
  readonly rateLimit: boolean;
  /** Headers and request timeouts for slow clients (client-timeouts.ts); 10 s and 30 s by default. */
  readonly timeouts?: ClientTimeouts;
  /**
   * The Netlify function modules, handed in by the caller (scripts/start.ts) so that this adapter
   * does not import netlify/, which imports src/http.
   */
  readonly functions: readonly FunctionModule[];
}

type Handler = (request: Request) => Promise<Response>;

/** A Web handler through the Request/Response bridge (a function module without a core). */
const bridged =
  (handler: Handler, origin: string): NodeHandler =>
  async (req, res) =>
    sendResponse(res, await handler(toRequest(req, origin)), req.method === 'HEAD');

/**
 * What a Netlify function module exports: its Web handler, its config's path or paths, and the HTTP
 * core the handler adapts, which the local server runs through its node:http adapter instead.
 */
export interface FunctionModule {
  readonly default: Handler;
  readonly core?: CoreHandler;
  readonly config: { readonly path: string | readonly string[]; readonly method?: string | readonly string[] };
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

const listOf = (value: string | readonly string[]): readonly string[] => (typeof value === 'string' ? [value] : value);

/**
 * Each function at the paths and for the methods its own config declares, as Netlify routes them:
 * exact paths and prefixes written `/…/*`; no `method` means every method. A method no config at a
 * path lists (PROPFIND, QUERY, TRACE, ...) goes to a function at that path all the same, so its core
 * answers it with its own 405 and `Allow` (CONTRACT section 8), not the 404 of an unknown path.
 */
interface RoutedFunction {
  readonly handler: NodeHandler;
  /**
   * The route the rate limit counts POSTs of: the function's first path, as Netlify counts them
   * per function (config.rateLimit), whichever of its paths a request names. Never the request's
   * own path, which a client may make new on every request.
   */
  readonly route: string;
}

function functionRouter(
  functions: readonly FunctionModule[],
  origin: string,
): (pathname: string, method: string) => RoutedFunction | undefined {
  const table = functions.map((fn) => ({
    paths: listOf(fn.config.path),
    methods: fn.config.method === undefined ? undefined : listOf(fn.config.method),
    routed: {
      handler: fn.core ? nodeAdapter(fn.core) : bridged(fn.default, origin),
      route: listOf(fn.config.path)[0]!,
    },
  }));
  const atPath = (f: (typeof table)[number], pathname: string) =>
    f.paths.some((p) =>
      p.endsWith('/*') ? pathname.startsWith(p.slice(0, -1)) && pathname.length > p.length - 1 : p === pathname,
    );
  return (pathname, method) => {
    let unlisted: RoutedFunction | undefined;
    for (const f of table) {
      if (!atPath(f, pathname)) continue;
      if (f.methods === undefined || f.methods.includes(method)) return f.routed;
      unlisted ??= f.routed;
    }
    return unlisted;
  };
}

/**
 * What Node's parser lets through that HTTP/1.1 refuses (RFC 9112 sections 2.3 and 3.2): a
 * version other than 1.0 or 1.1 (Node reads `HTTP/2.0` in a request line, and a line with no
 * version, as 1.x), a 1.1 request without Host, and any request with more than one Host line.
 */
function malformedHead(req: IncomingMessage): string | undefined {
  if (req.httpVersion !== '1.1' && req.httpVersion !== '1.0')
    return `HTTP/${req.httpVersion} is no version this server speaks: a request line ends with HTTP/1.1 or HTTP/1.0 (RFC 9112 section 2.3).`;
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1) return 'A request carries one Host header field, not several (RFC 9112 section 3.2).';
  if (req.httpVersion === '1.1' && hosts === 0)
    return 'An HTTP/1.1 request must carry a Host header field (RFC 9112 section 3.2).';
  // node:http takes any codings before the final chunked and undoes only chunked: the body it
  // hands on would still be coded (gzip, say), and read as JSON as if it were the text sent.
  const transfer = req.headers['transfer-encoding'];
  // HTTP/1.0 has no chunked coding: a front end that frames the body by Content-Length, or to
  // the close, would read another body than this server (RFC 9112 section 6.1: faulty framing).
  if (transfer !== undefined && req.httpVersion === '1.0')
    return 'An HTTP/1.0 request carries no Transfer-Encoding (RFC 9112 section 6.1: its framing is faulty); send the body with a Content-Length, or as HTTP/1.1.';
  if (transfer !== undefined && transfer.trim().toLowerCase() !== 'chunked')
    return `Transfer-Encoding ${JSON.stringify(transfer.slice(0, 80))}: this server undoes no transfer coding but chunked (RFC 9112 section 6.1); send the body chunked alone, or with a Content-Length.`;
  return undefined;
}

/** What Netlify sends for pages when no rule sets Cache-Control. */
const PAGE_CACHE = 'public, max-age=0, must-revalidate';

const FALLBACK_404 = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p>No page here. Start at <a href="/">the home page</a>.</p></body></html>\n',
);

export function createApp(options: AppOptions): Server {
  const { site, files } = options;
  const functionFor = functionRouter(options.functions, site.origin);
  const limiter: RateLimiter | undefined = options.rateLimit ? createRateLimiter({ limit: RATE_LIMIT }) : undefined;

  async function callFunction(req: IncomingMessage, res: ServerResponse, fn: RoutedFunction, path: string) {
    if (limiter && req.method === 'POST') {
      const decision = limiter(req.socket.remoteAddress ?? 'unknown', fn.route);
      if (!decision.allowed) {
        drain(req);
        const retry = String(decision.retryAfterSeconds);
        return sendResponse(
          res,
          problemResponse(
            site,
            'request.rate_limited',
            `More than ${RATE_LIMIT} POST requests in a minute to ${fn.route}; retry after ${retry} seconds.`,
            { headers: { 'Retry-After': retry } },
          ),
          false,
        );
      }
    }
    return fn.handler(req, res, path);
  }

  const compressed = compressedBodies();

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, found: { path: string; file: StaticFile }) {
    const { file } = found;
    const compressible = isCompressible(file.contentType, file.bytes.byteLength);
    const coding = compressible ? negotiateCoding(req.headers['accept-encoding']) : undefined;
    const etag = codedEtag(file.etag, coding);
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      ...staticHeadersFor(url.pathname),
      ...staticHeadersFor(found.path),
      ETag: etag,
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    };
    headers['Cache-Control'] ??= PAGE_CACHE;
    if (notModified(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return res.end();
    }
    const body = coding ? compressed(file, coding) : file.bytes;
    if (coding) headers['Content-Encoding'] = coding;
    headers['Content-Length'] = String(body.byteLength);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // The 404 page of each language under its prefixes (locale-redirects.ts), as Netlify's 404 rules serve them.
  function notFoundPage(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const bytes = files.get(notFoundPageFor(pathname))?.bytes ?? files.get('/404.html')?.bytes ?? FALLBACK_404;
    res.writeHead(404, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      // Netlify's 404 rules serve the page with its default for pages (no rule can name every path).
      'Cache-Control': PAGE_CACHE,
      'Content-Length': String(bytes.byteLength),
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  // The same redirect rules as Netlify's `_redirects`, for the data pages this build made too.
  const report = files.get(`/v1${recordFile('/implementations')}`);
  const redirectFor = redirector(localeRedirects(report ? dataPagesOfReport(report.bytes.toString('utf8')) : []));

  async function route(req: IncomingMessage, res: ServerResponse) {
    const malformed = malformedHead(req);
    if (malformed) {
      drain(req);
      const problem = problemResponse(site, 'request.invalid', malformed, { headers: { Connection: 'close' } });
      return sendResponse(res, problem, req.method === 'HEAD');
    }
    const target = requestTarget(req.url);
    if (target === undefined) {
      drain(req);
      const detail = `The request target ${JSON.stringify(req.url)} is neither a path nor an absolute http(s) URL of RFC 3986 characters (RFC 9112 section 3.2).`;
      return sendResponse(res, problemResponse(site, 'request.invalid', detail), req.method === 'HEAD');
    }
    const url = targetUrl('http://localhost', target);
    const fn = functionFor(url.pathname, req.method ?? 'GET');
    if (fn) return callFunction(req, res, fn, url.pathname);
    const isApi = url.pathname === '/v1' || url.pathname.startsWith('/v1/');
    const moved = isApi ? undefined : redirectFor(url.pathname);
    if (moved) {
      drain(req);
      res.writeHead(301, {
        ...SECURITY_HEADERS,
        Location: `${moved}${url.search}`,
        'Cache-Control': PAGE_CACHE,
        'Content-Length': '0',
      });
      return res.end();
    }
    const found = lookup(files, rewrite(url.pathname, url.searchParams));
    // Nothing past here reads a body: what a client sends is dropped, up to the bound of refused uploads.
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) drain(req);
    if (found && (req.method === 'GET' || req.method === 'HEAD')) return serveStatic(req, res, url, found);
    if (isApi) return sendResponse(res, apiFallback(site, req.method ?? 'GET', url.pathname), req.method === 'HEAD');
    if (found) {
      const refused = problemResponse(
        site,
        'request.method_not_allowed',
        `${url.pathname} is a page; it takes GET and HEAD, not ${req.method}.`,
        { headers: { Allow: PAGE_ALLOW } },
      );
      // CORS is for /v1 (CONTRACT section 8): a page's answers carry none, as Netlify's do.
      for (const name of Object.keys(CORS_HEADERS)) refused.headers.delete(name);
      return sendResponse(res, refused, req.method === 'HEAD');
    }
    return notFoundPage(req, res, url.pathname);
  }

  const timeouts = options.timeouts ?? CLIENT_TIMEOUTS;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // Upgrade is ignored, as RFC 9110 section 7.8 allows, and the request served as HTTP/1.1; but
    // node:http's parser stops at such a request and drops what was pipelined after it, which
    // would then wait for an answer that never comes. Closing the connection after the answer
    // tells the client to send those requests again (RFC 9112 section 9.3.2).
    if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false;
    route(req, res).catch(() => {
      if (res.headersSent) return res.destroy();
      void sendReply(res, internalProblem(site), false).catch(() => res.destroy());
    });
  };
  // Node's own answers to a request without Host (400) and to an Expect other than 100-continue
  // (417) are bare, without the headers of every response: route() answers the first, and the
  // second is served as if the expectation were not there (RFC 9110 section 10.1.1 allows either).
  const server = createServer({ ...timeoutOptions(timeouts), requireHostHeader: false }, serve);
  server.on('checkExpectation', serve);
  // Node would send 100 Continue at once; the function adapters send it when they read the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    holdContinue(req, res);
    serve(req, res);
  });
  // Node hands a CONNECT over as a bare socket and, with nobody listening, closes it without a
  // word: it is answered as any method a route does not take (405, or 400 for an authority-form
  // target), then the connection closed, since no tunnel is opened.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => socket.end());
    serve(req, res);
  });
  answerClientErrors(server, site, timeouts);
  return server;
}
