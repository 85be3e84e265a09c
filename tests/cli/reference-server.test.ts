import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, REPO } from './local-server.ts';

/**
 * `uai reference-server` takes any method a client sends, as the local server does: a method the
 * reference server does not serve is a 405 with Allow, never a crash of the process (TRACE once
 * ended it: a Web Request refuses to carry it).
 */
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  child = spawn(NODE, [resolve(REPO, 'bin/uai.mjs'), 'reference-server', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)\/v1\/reference-server/.exec(out);
      if (m) done(m[1]!);
    });
    child.once('exit', (code) => fail(new Error(`uai reference-server exited ${code}`)));
  });
}, 30_000);
afterAll(() => void child?.kill('SIGTERM'));

const send = (method: string, path: string) =>
  new Promise<{ status: number; allow: string | undefined }>((done, fail) => {
    const req = request(`${base}${path}`, { method }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    req.on('error', fail);
    req.end();
  });

describe('uai reference-server and methods it does not serve', () => {
  it.each(['TRACE', 'PROPFIND', 'PURGE', 'PUT'])('%s: 405 with Allow, and the server still answers', async (method) => {
    expect(await send(method, '/v1/reference-server')).toMatchObject({
      status: 405,
      allow: expect.stringContaining('POST'),
    });
    expect((await send('GET', '/v1/reference-server')).status).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});

describe('uai reference-server addressed as localhost', () => {
  const statement = (host: string) =>
    new Promise<{ endpoints: { url: string }[] }>((done, fail) => {
      const req = request(`${base}/v1/reference-server`, { headers: { host } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done(JSON.parse(text).body));
      });
      req.on('error', fail);
      req.end();
    });

  it('names its endpoints at the loopback name it was addressed by, and at 127.0.0.1 otherwise', async () => {
    const port = new URL(base).port;
    for (const [host, origin] of [
      [`localhost:${port}`, `http://localhost:${port}`],
      [`LOCALHOST:${port}`, `http://localhost:${port}`],
      [`127.0.0.1:${port}`, base],
      [`elsewhere.example:${port}`, base],
    ] as const) {
      const urls = (await statement(host)).endpoints.map((e) => e.url);
      expect(urls.length, host).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${origin}/`), `${host}: ${url}`).toBe(true);
    }
  });
});
