import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import type { KitReport } from '../../src/kit/index.ts';
import { kindOf, type Kind } from './broken-server-table.ts';
import { KIT_NOW, runKitOn, startKitServer, type KitServer } from './harness.ts';

/**
 * A value nested a few thousand deep, well within the 262,144 bytes of one message the kit parses,
 * put in place of each member of the answers, one member a run: the kit judges it (message.valid
 * fails), it does not crash. JSON.stringify, String() and a template literal of such an array
 * overflow the stack; the kit quoted answer values with them in its findings (body.status,
 * source.type) and died with a stack trace and no report.
 */
const DEPTH = 6000;
const DEEP = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
/** Put in place of the member, then written out as DEEP (JSON.stringify of it would overflow here too). */
const MARK = '\u0000deep\u0000';

/** Every member path of a message, containers and leaves, as lists of names. */
function paths(value: unknown, at: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [at];
  const children = Object.keys(value).flatMap((k) => paths((value as Record<string, unknown>)[k], [...at, k]));
  return at.length ? [at, ...children] : children;
}

function replaced(message: any, path: readonly string[]): boolean {
  let at = message;
  for (const name of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return false;
    at = at[name];
  }
  if (typeof at !== 'object' || at === null || !(path.at(-1)! in at)) return false;
  at[path.at(-1)!] = MARK;
  return true;
}

let server: KitServer;
const samples = new Map<Kind, unknown>();
beforeAll(async () => {
  server = await startKitServer();
  // One run of the kit against the reference server, keeping an answer of each kind.
  server.transform = async (ex) => {
    const kind = kindOf(ex);
    if (!samples.has(kind) && ex.response.status < 300) samples.set(kind, await ex.response.clone().json());
    return ex.response;
  };
  await runKitOn(server);
});
afterAll(async () => server.stop());

/** The capability statement alone (a deep one stops the run there), then the answers to the requests together. */
const GROUPS: readonly (readonly Kind[])[] = [['capability'], ['sync', 'async', 'poll']];

/**
 * One kit run per member `pathsOf` finds in the answers of each group, the member's value written
 * as `text` (JSON): every run must end with a report whose sealed result validates clean, and
 * `judged` holds what else each report must show. The number of runs made.
 */
async function everyMember(
  pathsOf: (message: unknown) => string[][],
  text: string,
  judged: (report: KitReport, joined: string) => void = () => undefined,
): Promise<number> {
  let runs = 0;
  for (const kinds of GROUPS) {
    const all = new Set<string>();
    for (const kind of kinds) for (const p of pathsOf(samples.get(kind))) all.add(p.join('/'));
    for (const joined of all) {
      const path = joined.split('/');
      server.transform = async (ex) => {
        if (!kinds.includes(kindOf(ex)) || ex.response.status >= 300) return ex.response;
        const message = await ex.response.clone().json();
        if (Array.isArray(message) || !replaced(message, path)) return ex.response;
        return new Response(JSON.stringify(message).replace(JSON.stringify(MARK), text), {
          status: ex.response.status,
          headers: ex.response.headers,
        });
      };
      const report = await runKitOn(server).catch((error: Error) => ({ crashed: `${joined}: ${error.stack}` }));
      runs++;
      expect('crashed' in report ? report.crashed : joined).toBe(joined);
      if ('crashed' in report) continue;
      judged(report, joined);
      const result = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: KIT_NOW });
      expect([joined, result.error_count, result.warning_count]).toEqual([joined, 0, 0]);
    }
  }
  return runs;
}

describe('answers holding a value nested thousands deep', () => {
  it('are judged at every member of every answer kind, each run giving a sealed result that validates clean', async () => {
    const runs = await everyMember(paths, DEEP, (report, joined) => {
      // Checked, not passed: a deep capability statement stops the run at capability.valid.
      const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
      expect({ joined, failed: failed.includes('message.valid') || failed.includes('capability.valid') }).toEqual({
        joined,
        failed: true,
      });
    });
    expect(runs).toBeGreaterThan(100);
  }, 240_000);
});

/** The string members of a message, as lists of names. */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === 'string') return [at];
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((k) => stringPaths((value as Record<string, unknown>)[k], [...at, k]));
}

/**
 * A lone surrogate in place of each string member of each answer, one member a run. The kit seals
 * what it sends and what it reports, and a lone surrogate has no canonical form: copied from the
 * statement (its name, its message_id, its source) or from an answer (the id a follow-up names as
 * its parent), it ended the run with "Lone surrogate is not allowed" and no report.
 */
describe('answers holding a lone surrogate', () => {
  it('are judged at every string member of every answer kind, each run giving a sealed result that validates clean', async () => {
    expect(await everyMember(stringPaths, JSON.stringify('a\ud800b'))).toBeGreaterThan(80);
  }, 240_000);
});
