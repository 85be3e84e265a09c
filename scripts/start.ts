/**
 * `npm start` (CONTRACT section 1): build dist/ when it is missing, older than its sources or
 * built for another origin (skip with --no-build or UAI_SKIP_BUILD=1), then serve the whole
 * surface on PORT (default 4321) with node:http. UAI_ORIGIN sets the origin of every URL; unset,
 * it follows PORT (http://localhost:<PORT>), so the links a local server publishes point at it
 * (with --no-build: the origin dist/ was built for, so the functions agree with the records).
 * UAI_RATE_LIMIT=0 turns the local rate limiter off; UAI_HEADERS_TIMEOUT_MS and UAI_REQUEST_TIMEOUT_MS
 * bound slow clients (defaults 10 s and 30 s, src/http/node/client-timeouts.ts). SIGTERM/SIGINT close the
 * server gracefully.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { configuredSite } from '../src/service/config.ts';
import { BUILD_STAMP } from './build-stamp.ts';
import { clientTimeoutsFrom } from '../src/http/node/client-timeouts.ts';
import type { FunctionModule } from '../src/http/node/app.ts';
import { cannotListen, impliedOrigin, listenPort, START_USAGE, startArguments } from './start-settings.ts';

const DIST = 'dist';
const SOURCES = [
  'src',
  'public',
  'starters',
  'astro.config.mjs',
  'scripts/build.ts',
  'scripts/generate-validators.ts',
  'scripts/validator-schemas.ts',
  'package.json',
];
const MARKER = join(DIST, 'index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'generated') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The origin dist/ was built for, if the build noted one. */
function builtOrigin(): string | undefined {
  try {
    return JSON.parse(readFileSync(BUILD_STAMP, 'utf8')).origin;
  } catch {
    return undefined;
  }
}

function needsBuild(): boolean {
  if (!existsSync(MARKER)) return true;
  if (builtOrigin() !== configuredSite(process.env).origin) return true;
  const built = statSync(MARKER).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

const args = startArguments(process.argv.slice(2));
if ('help' in args) {
  console.log(START_USAGE);
  process.exit(0);
}
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}
const requestedPort = listenPort(process.env);
if (requestedPort === undefined) {
  console.error(`PORT=${process.env.PORT} is not a port number: set PORT to a number from 1 to 65535.`);
  process.exit(1);
}
const port: number = requestedPort;
// Every interface unless UAI_HOST names one (UAI_HOST=127.0.0.1 keeps the server to this machine).
const host = process.env.UAI_HOST || undefined;
const skipBuild = args.skipBuild || process.env.UAI_SKIP_BUILD === '1';
// Read by the build (a child process) and by configuredSite below.
const implied = impliedOrigin(process.env, { skipBuild, builtOrigin: builtOrigin() });
if (implied) process.env.UAI_ORIGIN = implied;

/** Whether the port can be listened on now; checked before a build, so a busy port fails fast. */
function portProblem(): Promise<string | undefined> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(cannotListen(error.code, port)));
    probe.listen(port, host, () => probe.close(() => done(undefined)));
  });
}

const problem = port === 0 ? undefined : await portProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

if (!skipBuild && needsBuild()) {
  console.log('dist/ is missing or stale: running the build');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(DIST)) {
  console.error('dist/ does not exist; run `npm run build` (or `npm start` without --no-build).');
  process.exit(1);
}
if (skipBuild && builtOrigin() && builtOrigin() !== configuredSite(process.env).origin) {
  console.warn(
    `note: dist/ was built for ${builtOrigin()}, this server's origin is ${configuredSite(process.env).origin}; links in records and pages point at the former.`,
  );
}

// Imported after the build, so that the functions' precompiled validators are fresh.
const { createApp } = await import('../src/http/node/app.ts');
const { loadStaticSite } = await import('../src/http/node/static-site.ts');
// The very modules Netlify deploys (every file in netlify/functions is one), each at the paths its own config declares.
const FUNCTIONS_DIR = new URL('../netlify/functions/', import.meta.url);
const functions: FunctionModule[] = await Promise.all(
  readdirSync(FUNCTIONS_DIR)
    .filter((name) => name.endsWith('.mts'))
    .sort()
    .map((name) => import(new URL(name, FUNCTIONS_DIR).href)),
);

const site = configuredSite(process.env);
const files = await loadStaticSite(DIST);
const server = createApp({
  site,
  files,
  rateLimit: process.env.UAI_RATE_LIMIT !== '0',
  timeouts: clientTimeoutsFrom(process.env),
  functions,
});

server.once('error', (error: NodeJS.ErrnoException) => {
  // Taken between the check above and now.
  console.error(cannotListen(error.code, port));
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`UAI-1 service listening on http://localhost:${actual} (origin ${site.origin}, ${files.size} files)`);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Connections still busy after a grace period are cut.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 3000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
