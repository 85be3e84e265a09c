import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TARGET, startServer, type RunningServer } from './server.ts';
import { rawRequest } from './raw-request.ts';
import { HOSTILE_PATHS, hostilePath, locationProblem } from './hostile-paths.ts';
import { crashesTheEmulator } from '../netlify/emulator-differences.ts';

/**
 * No open redirect, on `npm start` and under the Netlify emulation: whatever a request path
 * holds, a Location (when there is one) is a path of the host's own origin. Requests go out on a
 * raw socket, so that the path reaches the host byte for byte.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Each answer's Location, checked for GET and HEAD; the problems found, or none. */
async function problemsOf(path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const method of ['GET', 'HEAD']) {
    const answer = await rawRequest(server.direct, method, path);
    const problem = locationProblem(server.direct, answer.headers.location);
    if (problem) problems.push(`${method} ${JSON.stringify(path)} -> ${answer.status}: ${problem}`);
  }
  return problems;
}

describe('redirects stay on the origin', () => {
  it("still moves each old page address to the new one, query kept (the site's only redirects)", async () => {
    for (const [from, to] of [
      ['/en-us/api/', '/api/'],
      ['/en-us/api', '/api/'],
      ['/en-us', '/'],
      ['/es-es/field-registry/', '/es/field-registry/'],
      ['/es-us/', '/es/'],
      ['/fr-fr/profiles/uai.error.v1/', '/fr/profiles/uai.error.v1/'],
      ['/fr-fr/implementations/reference-server/', '/fr/implementations/reference-server/'],
      ['/en-us/field-registry/?next=//evil.example', '/field-registry/?next='],
    ]) {
      const answer = await rawRequest(server.direct, 'GET', from!);
      expect({ from, status: answer.status }).toEqual({ from, status: 301 });
      expect(answer.headers.location!.startsWith(to!), `${from} -> ${answer.headers.location}`).toBe(true);
      expect(locationProblem(server.direct, answer.headers.location)).toBeUndefined();
    }
  });

  it('answers every hostile path of the table without leaving the origin', async () => {
    const problems = (await Promise.all(HOSTILE_PATHS.map(problemsOf))).flat();
    expect(problems).toEqual([]);
    // An old address that is no page is not redirected: it is the 404 page of its language.
    const answer = await rawRequest(server.direct, 'GET', '/en-us//evil.example');
    expect(answer.status).toBe(404);
    expect(answer.headers.location).toBeUndefined();
  });

  it('answers random compositions of the hostile pieces without leaving the origin', async () => {
    // Each run is two requests; the emulation answers a 404 in tens of milliseconds.
    const emulated = HTTP_TARGET === 'netlify';
    const numRuns = emulated ? 60 : 300;
    // A path that netlify-cli's own URL parsing rejects would end the shared emulation (a
    // documented emulator difference); the local server takes every path.
    const paths = emulated ? hostilePath.filter((path) => !crashesTheEmulator(path)) : hostilePath;
    await fc.assert(
      fc.asyncProperty(paths, async (path) => {
        expect(await problemsOf(path)).toEqual([]);
      }),
      { numRuns },
    );
  });
});
