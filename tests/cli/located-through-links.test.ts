import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { locateFile, SRCROOT } from '../../src/cli/paths.ts';
import { runMain } from '../support/command-in-process.ts';

/**
 * A file under the base is named relative to it however either is spelled: a CI runner whose
 * workspace sits behind a link gave `--sarif-base "$PWD"` the linked name while the working
 * directory, and so every file, had the real one, and every location came out absolute, which
 * code scanning cannot place.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-located-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('relative under a base named through a link, or a file named through one; absolute outside', () => {
  const real = join(scratch, 'real');
  const link = join(scratch, 'link');
  mkdirSync(join(real, 'a'), { recursive: true });
  writeFileSync(join(real, 'a/1.json'), '{}');
  writeFileSync(join(scratch, 'outside.json'), '{}');
  symlinkSync(real, link, 'dir');
  const inside = { path: 'a/1.json', uri: 'a/1.json', uriBaseId: SRCROOT };
  expect(locateFile(join(real, 'a/1.json'), link)).toEqual(inside);
  expect(locateFile(join(link, 'a/1.json'), real)).toEqual(inside);
  expect(locateFile(join(link, 'a/1.json'), link)).toEqual(inside);
  expect(locateFile(join(scratch, 'outside.json'), link)).toMatchObject({ path: join(scratch, 'outside.json') });
  expect(locateFile(join(scratch, 'outside.json'), link).uriBaseId).toBeUndefined();
});

it('a file that is a link itself is located where it leads: inside the base relative, outside it absolute', () => {
  const base = join(scratch, 'repo');
  mkdirSync(join(base, 'messages/real'), { recursive: true });
  writeFileSync(join(base, 'messages/real/a.json'), '{}');
  writeFileSync(join(scratch, 'elsewhere.json'), '{}');
  symlinkSync(join(base, 'messages/real/a.json'), join(base, 'link.json'));
  symlinkSync(join(scratch, 'elsewhere.json'), join(base, 'out.json'));
  symlinkSync(join(base, 'link.json'), join(base, 'chain.json'));
  const real = { path: 'messages/real/a.json', uri: 'messages/real/a.json', uriBaseId: SRCROOT };
  expect(locateFile(join(base, 'link.json'), base)).toEqual(real);
  expect(locateFile(join(base, 'chain.json'), base)).toEqual(real);
  expect(locateFile(join(base, 'out.json'), base)).toMatchObject({ path: join(scratch, 'elsewhere.json') });
  expect(locateFile(join(base, 'out.json'), base).uriBaseId).toBeUndefined();
  // A link that leads nowhere is located where it is (it is reported unreadable there).
  symlinkSync(join(base, 'gone.json'), join(base, 'dangling.json'));
  expect(locateFile(join(base, 'dangling.json'), base)).toEqual({
    path: 'dangling.json',
    uri: 'dangling.json',
    uriBaseId: SRCROOT,
  });
});

it('an input not checked is reported where it was named: a link below a folder, not where it leads', async () => {
  const base = join(scratch, 'workspace');
  mkdirSync(join(base, 'm'), { recursive: true });
  writeFileSync(join(base, 'm/ok.json'), '{}');
  writeFileSync(join(scratch, 'secret.json'), '{}');
  symlinkSync(join(scratch, 'secret.json'), join(base, 'm/outside.json'));
  symlinkSync(join(base, 'm/ok.json'), join(base, 'm/inside.json'));
  const run = (format: string) =>
    runMain(['validate', join(base, 'm'), '--format', format, '--sarif-base', base], { now: new Date(), cwd: base });

  const github = (await run('github')).stdout.split('\n').filter((l) => l.includes('input not checked'));
  expect(github.map((l) => /file=([^,]*)/.exec(l)![1]).sort()).toEqual(['m/inside.json', 'm/outside.json']);

  const sarif = JSON.parse((await run('sarif')).stdout);
  const notified = sarif.runs[0].invocations[0].toolExecutionNotifications.map(
    (n: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }) =>
      n.locations[0]!.physicalLocation.artifactLocation,
  );
  expect(notified.map((a: { uri: string }) => a.uri).sort()).toEqual(['m/inside.json', 'm/outside.json']);
  expect(notified.every((a: { uriBaseId?: string }) => a.uriBaseId === SRCROOT)).toBe(true);
});
