import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * Netlify's offline emulation of this site: `netlify serve` (netlify-cli, a pinned
 * devDependency) on the project's Node 24, with UAI_ORIGIN matching its port. Both of its ports
 * are free ones: the site's, and the functions server's (netlify-cli fixes that one at 3999
 * otherwise, so two emulations on one machine would collide). It runs
 * `npm run build` itself, packages the functions as a deploy would and serves dist/ with
 * `_headers`, `_redirects` and the functions. It starts in its own process group, because it
 * leaves children behind; stop() ends the whole group.
 */
export interface Emulation {
  readonly base: string;
  readonly stop: () => Promise<void>;
}

/** n distinct free ports: all are held until the last is found, so none is handed out twice. */
async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (s) =>
        new Promise<number>((done, fail) => {
          s.once('error', fail);
          s.listen(0, '127.0.0.1', () => {
            const address = s.address();
            done(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

export async function startEmulation(timeoutMs = 300_000): Promise<Emulation> {
  const [port, functionsPort] = await freePorts(2);
  const bin = resolve('node_modules/.bin');
  const child = spawn(
    `${bin}/netlify`,
    [
      'serve',
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(port),
      '--functions-port',
      String(functionsPort),
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        UAI_ORIGIN: `http://localhost:${port}`,
        NETLIFY_TELEMETRY_DISABLED: '1',
        BROWSER: 'none',
      },
    },
  );
  let output = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      process.kill(-child.pid!, 'SIGTERM');
    });
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`netlify serve was not ready in ${timeoutMs / 1000} s:\n${output.slice(-3000)}`)),
        timeoutMs,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/Local dev server ready/.test(output)) {
          clearTimeout(timer);
          ready();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`netlify serve exited ${code}:\n${output.slice(-3000)}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://localhost:${port}`, stop };
}
