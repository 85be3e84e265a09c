import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannotListen, impliedOrigin, listenPort, START_USAGE, startArguments } from '../../scripts/start-settings.ts';
import { spawn } from 'node:child_process';
import { freePort } from '../support/local-server.ts';
import { NODE, run } from './local-server.ts';

/** `npm start` (scripts/start.ts): its port and origin settings, and a busy port. */
describe('npm start settings', () => {
  it('listens on PORT, 4321 by default, and refuses what is not a port', () => {
    expect(listenPort({})).toBe(4321);
    expect(listenPort({ PORT: '4412' })).toBe(4412);
    expect(listenPort({ PORT: 'http' })).toBeUndefined();
    expect(listenPort({ PORT: '70000' })).toBeUndefined();
  });

  it('publishes the origin of PORT when UAI_ORIGIN is unset, and the build origin when serving dist/ as it is', () => {
    const built = { skipBuild: false, builtOrigin: 'http://localhost:4321' };
    expect(impliedOrigin({ PORT: '4412' }, built)).toBe('http://localhost:4412');
    expect(impliedOrigin({}, built)).toBeUndefined(); // the default, http://localhost:4321
    expect(impliedOrigin({ PORT: '4412', UAI_ORIGIN: 'https://uai.example' }, built)).toBeUndefined();
    expect(impliedOrigin({ PORT: '4412' }, { skipBuild: true, builtOrigin: 'http://localhost:23456' })).toBe(
      'http://localhost:23456',
    );
  });

  it('says in one line what to set when the port is taken', () => {
    expect(cannotListen('EADDRINUSE', 4321)).toBe(
      'Port 4321 is already in use by another process: stop that process, or set PORT to a free port (e.g. `PORT=4322 npm start`; the origin follows PORT unless UAI_ORIGIN is set).',
    );
  });
});

describe('npm start arguments', () => {
  it('takes --no-build and --help, and refuses the rest with the variable to set instead', () => {
    expect(startArguments([])).toEqual({ skipBuild: false });
    expect(startArguments(['--no-build'])).toEqual({ skipBuild: true });
    expect(startArguments(['--no-build', '-h'])).toEqual({ help: true });
    expect(startArguments(['--port', '8080'])).toEqual({
      error: 'npm start takes no --port: set the environment variable PORT instead (e.g. `PORT=4412 npm start`).',
    });
    expect(startArguments(['--host=0.0.0.0'])).toMatchObject({ error: expect.stringContaining('UAI_HOST') });
    expect(startArguments(['8080'])).toEqual({ error: 'npm start takes no 8080 (see npm start -- --help).' });
    expect(startArguments(['--constructor'])).toEqual({
      error: 'npm start takes no --constructor (see npm start -- --help).',
    });
  });

  it('prints its usage for --help and refuses --port, before building or listening', async () => {
    const help = await run(NODE, ['scripts/start.ts', '--help']);
    expect([help.code, help.stdout.trim()]).toEqual([0, START_USAGE]);
    const port = await run(NODE, ['scripts/start.ts', '--port', '8080']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('set the environment variable PORT');
    expect(port.stdout).toBe('');
  });
});

describe('npm start on a busy port', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((done) => holder.listen(0, () => done()));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => holder.close(() => done())));

  it('exits 1 before building, with the one line and no stack trace', async () => {
    const started = Date.now();
    const r = await run(NODE, ['scripts/start.ts'], { env: { ...process.env, PORT: String(port), UAI_ORIGIN: '' } });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(cannotListen('EADDRINUSE', port));
    expect(r.stdout).not.toContain('build');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('npm start with UAI_HOST', () => {
  it('listens on that address alone', async () => {
    // 127.0.0.2 is loopback on Linux too, and another address than 127.0.0.1.
    const port = await freePort();
    const child = spawn(NODE, ['scripts/start.ts', '--no-build'], {
      env: { ...process.env, PORT: String(port), UAI_HOST: '127.0.0.2', UAI_ORIGIN: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((up, failed) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && up());
        child.once('exit', (code) => failed(new Error(`exited with ${code}`)));
      });
      expect((await fetch(`http://127.0.0.2:${port}/v1/catalog`)).status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${port}/v1/catalog`)).rejects.toThrow();
    } finally {
      child.kill('SIGTERM');
    }
  });
});
