import { siteFor, type Site } from '../../src/standard/urls.ts';
import {
  ProxySession,
  recordLine,
  startProxy,
  type JudgedExchange,
  type RecordedExchange,
  type RunningProxy,
} from '../../src/kit/proxy/index.ts';
import { DEFAULT_LIMITS, testImplementation, type KitReport, type Limits } from '../../src/kit/index.ts';
import { KIT_NOW, KIT_RUN_ID, startKitServer, type KitServer } from './harness.ts';

/**
 * The reference server (switchable to a broken one) behind a live uai proxy: the upstream
 * publishes itself at the proxy's origin, as a server behind a reverse proxy does, so that a client
 * polls through the proxy too. Every exchange is judged live and kept as its recording line.
 */
export interface ProxiedServer {
  readonly server: KitServer;
  readonly proxy: RunningProxy;
  /** The proxy's origin, as the client sees the service. */
  readonly site: Site;
  /** A new session once the last one's exchanges are judged: what the proxy judges from now on, and the recording lines it wrote. */
  fresh(): Promise<{ session: ProxySession; judged: JudgedExchange[]; lines: string[] }>;
  /** `uai test` through the proxy, at the kit tests' pinned instant and run id; resolves once the proxy has judged it all. */
  runKit(limits?: Limits): Promise<KitReport>;
  stop(): Promise<void>;
}

export async function startProxiedServer(timeoutMs?: number): Promise<ProxiedServer> {
  const server = await startKitServer();
  let current = { session: new ProxySession(server.site), judged: [] as JudgedExchange[], lines: [] as string[] };
  let index = 0;
  const proxy = await startProxy({
    port: 0,
    upstream: server.endpoint,
    site: server.site,
    ...(timeoutMs ? { timeoutMs } : {}),
    onExchange: (x: RecordedExchange) => {
      // Each session numbers its exchanges from 1, as a recording of its own would.
      const own = { ...x, index: (index += 1) };
      current.lines.push(recordLine(own));
      current.judged.push(current.session.add(own));
    },
  });
  const site = siteFor(`http://127.0.0.1:${proxy.port}`);
  server.publishAt(site.origin);
  return {
    server,
    proxy,
    site,
    async fresh() {
      // What the last session forwarded is judged into it, not into the new one.
      await proxy.judged();
      index = 0;
      current = { session: new ProxySession(server.site), judged: [], lines: [] };
      return current;
    },
    async runKit(limits = DEFAULT_LIMITS) {
      const report = await testImplementation({
        endpoint: proxy.endpoint,
        site,
        limits,
        now: KIT_NOW,
        runId: KIT_RUN_ID,
      });
      await proxy.judged();
      return report;
    },
    async stop() {
      await proxy.close();
      await server.stop();
    },
  };
}
