/**
 * `uai reference-server [--port <n>]`: the reference server on 127.0.0.1, the same HTTP shell the
 * service runs at /v1/reference-server. A newcomer sees a passing `uai test` before writing a
 * server, compares their answers with its answers, and has a server to point a client at. It runs
 * until interrupted (SIGINT, SIGTERM).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { commandArgs } from '../kit/usage.ts';
import { nodeAdapter } from '../http/node/native-adapter.ts';
import { KEEP_ALIVE_MS } from '../http/node/keep-alive.ts';
import { requestTarget, targetUrl } from '../http/node/request-target.ts';
import { REFERENCE_SERVER_PATH, referenceServerCore } from '../http/reference-server-handler.ts';
import { siteFor } from '../standard/urls.ts';

export const REFERENCE_SERVER_HELP = `Usage: uai reference-server [--port <n>]

Serves the UAI-1 reference server on 127.0.0.1 (default: a free port) and prints its
endpoint on the first line, "UAI-1 reference server: <endpoint>". It answers as the
service's /v1/reference-server does: its capability statement on GET, a bare message
answered on POST (200 completed, 202 accepted, a typed uai.error.v1), task statuses.
Addressed as localhost, it names its endpoints at localhost. Stop it with Ctrl-C.

  uai reference-server --port 8080             (in a terminal of its own)
  uai test http://127.0.0.1:8080${REFERENCE_SERVER_PATH}
`;

export interface ReferenceServerIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export async function referenceServerCommand(argv: readonly string[], io: ReferenceServerIo): Promise<number> {
  let values;
  try {
    ({ values } = commandArgs({ args: [...argv], options: { port: { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (error) {
    io.stderr(`uai reference-server: ${(error as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(REFERENCE_SERVER_HELP);
    return 0;
  }
  const port = Number(values.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    io.stderr(`uai reference-server: --port takes a port number, not ${values.port}\n`);
    return 2;
  }
  // The handlers are made once the port is known: the capability statement names its own
  // endpoints, at the loopback name it was addressed by (127.0.0.1, or localhost), so that
  // `uai test http://localhost:<port>/...` finds its endpoint and polls where it was told to.
  // The core runs behind the node:http adapter, as on the local server: no Web Request is built,
  // so no method (TRACE among them, which Request refuses to carry) can throw on the way in.
  const serving: { byHost: Map<string, { origin: string; handle: ReturnType<typeof nodeAdapter> }> } = {
    byHost: new Map(),
  };
  // Kept-alive connections idle as long as on the local server (KEEP_ALIVE_MS: a client's pause past Node's 5 s loses no request).
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, async (req, res) => {
    const named = serving.byHost.get((req.headers.host ?? '').toLowerCase()) ?? serving.byHost.get('')!;
    await named.handle(req, res, targetUrl(named.origin, requestTarget(req.url) ?? '/').pathname);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  } catch (error) {
    io.stderr(`uai reference-server: cannot listen on 127.0.0.1:${port}: ${(error as Error).message}\n`);
    return 2;
  }
  const bound = (server.address() as AddressInfo).port;
  const site = siteFor(`http://127.0.0.1:${bound}`);
  for (const host of ['', `localhost:${bound}`]) {
    const named = host ? siteFor(`http://${host}`) : site;
    serving.byHost.set(host, { origin: named.origin, handle: nodeAdapter(referenceServerCore({ site: named })) });
  }
  io.stdout(`UAI-1 reference server: ${site.origin}${REFERENCE_SERVER_PATH}\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}
