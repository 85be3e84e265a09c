/**
 * `uai check-entry <folder>`: an entry of the report of implementations checked before its pull
 * request, with no clone: the verification the build runs on implementations/<id>/ (verifyEntry,
 * src/records/implementations.ts) and the badge the build draws for it (src/records/badges.ts).
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { badgeFace, badgeSvg } from '../records/badges.ts';
import { EntryError, entryCounts, verifyEntry } from '../records/implementations.ts';
import { notPublicHttps } from '../standard/public-address.ts';
import type { Site } from '../standard/urls.ts';
import { readEntryFolder } from '../build/entry-folders.ts';
import { escapeLine } from '../kit/terminal.ts';
import { commandArgs, isUsageError, readError, requireWritable, UsageError, writeOutput } from '../kit/usage.ts';

export const CHECK_ENTRY_HELP = `Usage: uai check-entry <folder> [--badge <file.svg>] [--local]

Checks an entry of the report of implementations as the build does: <folder> holds
result.json (written by uai test <endpoint> --result result.json, or for a client by
uai test-client --result result.json), meta.json and optionally report.json (--format
json). The folder's name is the entry's id. Prints the level, the counts and the badge's
text; --badge writes the badge SVG the report will serve ("-" for standard output, the
summary then going to standard error).

A server entry's target must be a public https endpoint, so that anyone can run the kit
against it again. --local previews an entry run against a server on your own machine
(loopback, private address, plain http): every other rule is checked, and the entry is
marked as one the report would refuse.

Exit status: 0 the entry would be listed (with --local: every rule but the target's
holds), 1 it would be refused (the reason is printed), 2 usage error or a folder that
cannot be read (permissions, a name too long).
`;

export interface CheckEntryIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now: () => Date;
  readonly site: Site;
}

export async function checkEntryCommand(argv: readonly string[], io: CheckEntryIo): Promise<number> {
  let parsed;
  try {
    parsed = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: { badge: { type: 'string' }, local: { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    io.stderr(`uai check-entry: ${escapeLine((error as Error).message)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(CHECK_ENTRY_HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr('uai check-entry: name one entry folder\nRun "uai check-entry --help" for usage.\n');
    return 2;
  }
  try {
    if (values.badge !== undefined && values.badge !== '-') requireWritable('--badge', values.badge);
    const folder = resolve(positionals[0]!);
    // A folder that is not there is a mistake in the command, not an entry the report would refuse.
    const found = statSync(folder, { throwIfNoEntry: false });
    if (!found?.isDirectory())
      throw new UsageError(
        `${positionals[0]!}: ${found ? 'not a folder' : 'no such folder'}; name the entry's folder (it holds result.json and meta.json)`,
      );
    const files = readEntryFolder(folder);
    const entry = verifyEntry(files, { site: io.site, now: io.now(), previewLocalTarget: values.local === true });
    const c = entryCounts(entry);
    const face = badgeFace(entry);
    const unlistable = entry.meta.side === 'server' ? notPublicHttps(entry.meta.target) : undefined;
    // The entry's name, target and folder are a pull request's: each line is escaped (escapeLine).
    // With the badge on standard output, the summary goes to standard error: stdout is one SVG file.
    const say = values.badge === '-' ? io.stderr : io.stdout;
    say(
      [
        `${files.dir}: ${entry.meta.name} (${entry.meta.side}), ${entry.status}, level ${entry.level ?? 'none'}`,
        `checks: must ${c.must_pass} passed, ${c.must_fail} failed; should ${c.should_pass} passed, ${c.should_fail} failed; ${c.skip} skipped`,
        `badge: ${face.label} | ${face.message} (${face.color})`,
        unlistable
          ? `local preview: the report would refuse this entry: its target ${entry.meta.target} ${unlistable}; run uai test against your public https endpoint for the entry you submit`
          : `would be listed as ${entry.slug}`,
      ]
        .map((line) => `${escapeLine(line)}\n`)
        .join(''),
    );
    if (values.badge === '-') io.stdout(badgeSvg(entry));
    else if (values.badge) writeOutput('--badge', values.badge, badgeSvg(entry));
    return 0;
  } catch (error) {
    // A folder or file that cannot be read (permissions, a name too long) is no verdict on the entry: exit 2, as a usage error.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) {
      io.stderr(`uai check-entry: ${escapeLine(`${positionals[0]!}: ${readError(error)}`)}\n`);
      return 2;
    }
    // A mistake in the command exits 2; an entry the report would refuse, 1.
    if (!isUsageError(error) && !(error instanceof EntryError)) throw error;
    io.stderr(`uai check-entry: ${escapeLine(error.message)}\n`);
    return isUsageError(error) ? 2 : 1;
  }
}
