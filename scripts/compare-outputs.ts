/**
 * Proof that a restructuring changed no published byte: snapshot the built dist/ and a fixed set
 * of POST answers, then compare a later build against that snapshot.
 *
 *   node scripts/compare-outputs.ts snapshot <dir>   after `npm run build`, before the change
 *   node scripts/compare-outputs.ts compare <dir>    after `npm run build`, after the change
 *
 * Build both times with the same SOURCE_DATE_EPOCH (e.g. `SOURCE_DATE_EPOCH=1795000000 npm run
 * build`): the report of implementations runs the kit at the build instant and derives its ids
 * from it, which no normalization here can map back.
 *   node scripts/compare-outputs.ts compare <dir> v1 _redirects   only these top-level entries of dist/
 *                                                    (a change meant to alter pages but no record)
 *
 * The POST answers come from the shared HTTP shell (src/http/action-handler.ts) with real Request
 * objects and a pinned clock: every request of the set is sent to both routes, so status, headers
 * and body of valid, invalid and refused requests are all compared. The only value allowed to
 * differ is the build instant (`generated_at` of the catalog), which is replaced by the
 * snapshot's before comparing. Browser bundles (dist/_astro) are code, not records: a changed one
 * is listed, and its new hashed name is mapped back before the pages that load it are compared.
 * The search index (dist/pagefind) is left out: it is made from the pages, which are compared.
 * Every other byte must be equal.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { siteFor } from '../src/standard/urls.ts';
import { actionHandler } from '../src/http/action-handler.ts';
import { mockExchangeAction, validateAction } from '../src/engine/index.ts';

interface Answer {
  readonly name: string;
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: string;
}

const ORIGIN = 'http://localhost:4321';
const NOW = new Date('2026-11-01T09:00:30Z');

function requestBodies(dist: string): { name: string; body: string; contentType?: string; method?: string }[] {
  const json = (p: string) => JSON.parse(readFileSync(join(dist, 'v1', p), 'utf8'));
  const pack = json('conformance-pack.json');
  const examples = json('examples.json').examples as { profile: string }[];
  const out: { name: string; body: string; contentType?: string; method?: string }[] = [];
  const post = (name: string, value: unknown) => out.push({ name, body: JSON.stringify(value) });
  for (const e of examples) {
    const message = json(`examples/${e.profile}.json`).message;
    for (const format of ['result', 'summary', 'record', 'sarif', 'message', 'exchange']) {
      post(`example ${e.profile} ${format}`, { message, format });
    }
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error']) {
      post(`example ${e.profile} ${scenario}`, { message, scenario, format: 'exchange' });
    }
  }
  const request = json('examples/uai.intent.request.v1.json').message;
  post('completed with inline artifacts', {
    message: {
      ...request,
      body: {
        ...request.body,
        parameters: { include_schema: true, include_example: true, include_field_registry: true },
      },
    },
    scenario: 'completed-response',
  });
  post('expired request', {
    message: { ...request, delivery: { ...request.delivery, expires_at: '2020-01-01T00:00:00Z' } },
  });
  for (const f of [...pack.fixtures.valid, ...pack.fixtures.invalid] as {
    id: string;
    mode: string;
    message?: unknown;
    text?: string;
  }[]) {
    const message = f.text ?? JSON.stringify(f.message);
    out.push({ name: `fixture ${f.id}`, body: `{"message":${message},"normalization_mode":"${f.mode}"}` });
    out.push({ name: `fixture ${f.id} completed`, body: `{"message":${message},"scenario":"completed-response"}` });
  }
  post('bare message', request);
  post('no message', { hello: 1 });
  post('message not object', { message: 'text' });
  post('unknown scenario', { message: request, scenario: 'teapot' });
  post('unknown format', { message: request, format: 7 });
  post('unknown mode', { message: request, normalization_mode: 'xml' });
  post('array body', [request]);
  out.push({ name: 'malformed json', body: '{"message": {"a": 1,}}' });
  out.push({ name: 'empty body', body: '' });
  out.push({ name: 'too deep', body: `{"message":${'['.repeat(80)}${']'.repeat(80)}}` });
  out.push({ name: 'too large', body: `{"message":"${'x'.repeat(300_000)}"}` });
  out.push({ name: 'bad utf-8', body: '\u0000' });
  out.push({ name: 'text/plain', body: '{}', contentType: 'text/plain' });
  out.push({ name: 'GET', body: '', method: 'GET' });
  out.push({ name: 'OPTIONS', body: '', method: 'OPTIONS' });
  return out;
}

async function answers(dist: string): Promise<Answer[]> {
  const site = siteFor(ORIGIN);
  const out: Answer[] = [];
  for (const [route, action] of [
    ['validate', validateAction],
    ['mock-exchange', mockExchangeAction],
  ] as const) {
    const handle = actionHandler({ site, action, now: () => NOW });
    for (const r of requestBodies(dist)) {
      const method = r.method ?? 'POST';
      const init: RequestInit = { method, headers: { 'content-type': r.contentType ?? 'application/json' } };
      if (method === 'POST') init.body = r.name === 'bad utf-8' ? new Uint8Array([0xff, 0xfe]) : r.body;
      const response = await handle(new Request(`${ORIGIN}/v1/${route}`, init));
      out.push({
        name: `${route}: ${r.name}`,
        status: response.status,
        headers: [...response.headers].sort(),
        body: await response.text(),
      });
    }
  }
  return out;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();

const buildInstant = (dist: string): string =>
  JSON.parse(readFileSync(join(dist, 'v1/catalog.json'), 'utf8')).generated_at;

async function snapshot(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(await answers(join(dir, 'dist')), null, 1));
  console.log(`snapshot: ${files(join(dir, 'dist')).length} dist files and the POST answers in ${dir}`);
}

/** Built browser assets carry a content hash in their name (`name.HASH.js`); pair them by the rest. */
const assetKey = (file: string): string | undefined =>
  file.startsWith('_astro/') ? file.replace(/\.[A-Za-z0-9_-]{8}\.(js|css)$/, '.$1') : undefined;

async function compare(dir: string, only: readonly string[]): Promise<boolean> {
  const before = join(dir, 'dist');
  const was = buildInstant(before);
  const now = buildInstant('dist');
  const problems: string[] = [];
  const notes: string[] = [];
  // The search index (dist/pagefind) is built from the pages, which are compared themselves; its
  // hashed files change with every build because a page shows the build instant.
  const compared = (f: string) =>
    !f.startsWith('pagefind/') && (!only.length || only.some((o) => f === o || f.startsWith(`${o}/`)));
  const a = files(before).filter(compared);
  const b = files('dist').filter(compared);
  // Browser bundles are not records: a change of one is reported, and its new name mapped back in pages.
  const renamed = new Map<string, string>();
  for (const f of b.filter((f) => !a.includes(f))) {
    const old = a.find((o) => !b.includes(o) && assetKey(o) !== undefined && assetKey(o) === assetKey(f));
    if (!old) continue;
    renamed.set(f, old);
    notes.push(
      `browser asset changed: dist/${old} (${readFileSync(join(before, old)).length} bytes) -> dist/${f} (${readFileSync(join('dist', f)).length} bytes)`,
    );
  }
  const mapped = new Set(renamed.values());
  for (const f of a.filter((f) => !b.includes(f) && !mapped.has(f))) problems.push(`missing: dist/${f}`);
  for (const f of b.filter((f) => !a.includes(f) && !renamed.has(f))) problems.push(`new: dist/${f}`);
  const normalize = (text: string): string => {
    let out = text.replaceAll(now, was);
    for (const [f, old] of renamed) out = out.replaceAll(f.slice('_astro/'.length), old.slice('_astro/'.length));
    return out;
  };
  for (const f of a.filter((f) => b.includes(f))) {
    const old = readFileSync(join(before, f));
    const cur = readFileSync(join('dist', f));
    if (old.equals(cur)) continue;
    if (old.toString('latin1') === normalize(cur.toString('latin1'))) continue;
    problems.push(`differs: dist/${f}`);
  }
  // The same request inputs as the snapshot (read from its dist), so only the code differs.
  const expected = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8')) as Answer[];
  const actual = JSON.parse(JSON.stringify(await answers(before))) as Answer[];
  if (expected.length !== actual.length) problems.push(`answers: ${expected.length} before, ${actual.length} now`);
  expected.forEach((e, i) => {
    if (JSON.stringify(e) !== JSON.stringify(actual[i])) problems.push(`answer differs: ${e.name}`);
  });
  for (const n of notes) console.log(n);
  for (const p of problems.slice(0, 40)) console.log(p);
  console.log(
    `${a.length} dist files and ${expected.length} POST answers compared (build instant ${was} vs ${now}): ${problems.length ? `${problems.length} differences` : 'records, pages and answers identical'}`,
  );
  return problems.length === 0;
}

const [command, dir, ...only] = process.argv.slice(2);
if (!dir || (command !== 'snapshot' && command !== 'compare')) {
  console.error('usage: node scripts/compare-outputs.ts snapshot|compare <dir>');
  process.exit(2);
}
if (command === 'snapshot') await snapshot(dir);
else {
  if (!existsSync(join(dir, 'answers.json'))) throw new Error(`no snapshot in ${dir}`);
  process.exit((await compare(dir, only)) ? 0 : 1);
}
