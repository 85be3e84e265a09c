import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { referenceServerHandler } from '../../src/http/reference-server-handler.ts';
import { siteFor, type Site } from '../../src/standard/urls.ts';
import { sendResponse, toRequest } from '../../src/http/node/node-bridge.ts';
import { DEFAULT_LIMITS, testImplementation, type KitReport, type Limits } from '../../src/kit/index.ts';

/**
 * A live reference server for the kit's tests: the real HTTP shell of the reference server behind
 * node:http on a free loopback port, with a switchable transform that can break its answers the
 * way a faulty implementation would.
 */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly requestText: string;
  readonly response: Response;
}

/** Writes an answer on the raw socket: for what a Response cannot say (1xx, resets, wrong lengths, endless bodies). */
export type Raw = { readonly raw: (socket: Socket) => void };

export type Transform = (exchange: Exchange) => Response | Raw | Promise<Response | Raw>;

export interface KitServer {
  readonly site: Site;
  readonly endpoint: string;
  transform: Transform | undefined;
  /**
   * Serves as if published at another origin (a proxy in front of it): its capability statement
   * then names that origin's endpoints, so a client polls through the proxy too.
   */
  publishAt(origin: string): void;
  stop(): Promise<void>;
}

export async function startKitServer(): Promise<KitServer> {
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const state: { transform: Transform | undefined } = { transform: undefined };
  const server: Server = createServer((req, res) =>
    // A client (or a proxy) that leaves in the middle of its request body: nothing to answer.
    serve(req, res).catch(() => res.destroy()),
  );
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const request = toRequest(req, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const requestText = request.method === 'POST' ? await request.clone().text() : '';
    const response = await handler(request);
    const path = new URL(request.url).pathname;
    const out = state.transform
      ? await state.transform({
          method: request.method,
          path,
          contentType: request.headers.get('content-type') ?? '',
          requestText,
          response,
        })
      : response;
    if ('raw' in out) out.raw(res.socket as Socket);
    else await sendResponse(res, out, false);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = siteFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  handler = referenceServerHandler({ site });
  return {
    site,
    endpoint: `${site.base}/reference-server`,
    get transform() {
      return state.transform;
    },
    set transform(t) {
      state.transform = t;
    },
    publishAt(origin) {
      handler = referenceServerHandler({ site: siteFor(origin) });
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The instant and run id the kit's tests pin, so that the kit's requests and results are reproducible. */
export const KIT_NOW = new Date('2026-11-20T10:00:00Z');
export const KIT_RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

/** One `uai test` run against the server, at the pinned instant and run id. */
export const runKitOn = (server: KitServer, limits: Limits = DEFAULT_LIMITS): Promise<KitReport> =>
  testImplementation({ endpoint: server.endpoint, site: server.site, limits, now: KIT_NOW, runId: KIT_RUN_ID });

/** The ids of a report's checks that have this status, sorted. */
export const checksWith = (report: KitReport, status: string): string[] =>
  report.checks
    .filter((c) => c.status === status)
    .map((c) => c.id)
    .sort();
