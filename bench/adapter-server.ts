/**
 * One of the two adapters of the HTTP core serving POST /v1/validate alone, for the same-run A/B
 * of bench/adapters.ts: `node bench/adapter-server.ts web|node`. `web` is the Web adapter behind
 * the node:http <-> Request/Response bridge (how the local server ran the functions before it had
 * a node:http adapter, and how Netlify's runtime hands them requests); `node` is the local
 * server's node:http adapter. Prints `listening <port>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateAction } from '../src/engine/index.ts';
import { actionCore } from '../src/http/action-handler.ts';
import { nodeAdapter } from '../src/http/node/native-adapter.ts';
import { sendResponse, toRequest } from '../src/http/node/node-bridge.ts';
import { webAdapter } from '../src/http/web-adapter.ts';
import { siteFor } from '../src/standard/urls.ts';

const kind = process.argv[2];
if (kind !== 'web' && kind !== 'node') {
  console.error('usage: node bench/adapter-server.ts web|node');
  process.exit(2);
}
const site = siteFor('http://127.0.0.1');
const core = actionCore({ site, action: validateAction });
const web = webAdapter(core);
const native = nodeAdapter(core);

const server = createServer((req, res) => {
  if (kind === 'node') return void native(req, res, '/v1/validate');
  void web(toRequest(req, site.origin)).then((response) => sendResponse(res, response, false));
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => process.exit(0));
