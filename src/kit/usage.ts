/**
 * Command-line mistakes, unreadable files and unwritable ones, shared by every `uai` command (the
 * kits' and the CLI's own): a small door of the kit that imports Node's alone, so a command that
 * needs nothing else loads nothing else.
 */
import { accessSync, closeSync, constants, fstatSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in the command line: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {}

/** Whether an error is the user's: a UsageError, or parseArgs's (TypeErrors with an ERR_PARSE_ARGS_* code). */
export function isUsageError(error: unknown): error is Error {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
}

/**
 * node:util's parseArgs, with its message for a mistyped option put plainly: it tells the user to
 * pass `--reslt` as a positional after `--` (and leaves a quote open); every `uai` command says
 * "unknown option --reslt", as `uai validate` does.
 */
export function commandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const option = /^Unknown option '([^']*)'/.exec(error instanceof Error ? error.message : '')?.[1];
    if ((error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined)
      throw new UsageError(`unknown option ${option}`);
    throw error;
  }
}

/** A failed file system call in a few words; where a file is written, a missing one is its folder. */
function reason(error: unknown, missing: string): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOENT' || code === 'ENOTDIR') return missing;
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'permission denied';
  if (code === 'ELOOP') return 'too many symbolic links (a loop?)';
  if (code === 'ENAMETOOLONG') return 'name too long';
  if (code === 'ENXIO') return 'not a file (a socket or a device without a reader)';
  return error instanceof Error ? error.message : String(error);
}

/** Why a file that is not UTF-8 is not read as JSON (every file the commands read as JSON is read strictly). */
export const NOT_UTF8 = 'not UTF-8: JSON files are UTF-8 text (RFC 8259 section 8.1); save it as UTF-8';

/** Why a file could not be read, in a few words (`cannot read: is a directory`). */
export const readError = (error: unknown): string => `cannot read: ${reason(error, 'no such file')}`;

/** The most a settings file (a baseline, a manifest) is read of: such files are a few kilobytes. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * A small input file an option names (--baseline, --manifest), as text, at most
 * MAX_SETTINGS_BYTES: a regular file, or a pipe (`<(cmd)`, /dev/stdin), which is read as far as
 * the bound, so that a device that never ends (/dev/zero) is refused, not held. Anything that
 * cannot be read so is a UsageError that says why (no such file, a folder, too large).
 */
export function readSettingsFile(what: string, path: string): string {
  const tooLarge = () =>
    new UsageError(`${what} ${path}: larger than ${MAX_SETTINGS_BYTES} bytes, more than such a file holds`);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new UsageError(`${what} ${path}: ${readError(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new UsageError(`${what} ${path}: cannot read: is a folder`);
    if (stat.isFile() && stat.size > MAX_SETTINGS_BYTES) throw tooLarge();
    // A size of 0 may be a file whose size is not known before it is read (/proc), or a pipe.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > MAX_SETTINGS_BYTES) throw tooLarge();
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (error) {
    throw isUsageError(error) ? error : new UsageError(`${what} ${path}: ${readError(error)}`);
  } finally {
    closeSync(fd);
  }
}

const cannotWrite = (option: string, path: string, error: unknown) =>
  new UsageError(`${option} ${path}: cannot write: ${reason(error, 'no such directory')}`);

/**
 * Refuses, as a command-line mistake, a file an output option (--result, --report, --record,
 * --badge) names that cannot be written: a directory, or one in a folder that is missing or not
 * writable. Checked before the run, so that a long run does not end in an error and lose its work.
 */
export function requireWritable(option: string, path: string): void {
  if (path === '') throw new UsageError(`${option} needs a file name`);
  // resolve() drops a trailing separator: a folder's name would pass as a new file's.
  if (/[\\/]$/.test(path)) throw new UsageError(`${option} ${path}: cannot write: names a folder; give a file name`);
  const target = resolve(path);
  try {
    const existing = statSync(target, { throwIfNoEntry: false });
    if (existing?.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    if (!existing && !statSync(dirname(target)).isDirectory()) throw Object.assign(new Error(), { code: 'ENOENT' });
    accessSync(existing ? target : dirname(target), constants.W_OK);
  } catch (error) {
    throw cannotWrite(option, path, error);
  }
}

/** Writes an output file; a failure (a disk full, a folder gone since the check) is said as the user's. */
export function writeOutput(option: string, path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw cannotWrite(option, path, error);
  }
}

/**
 * An absolute path as a `file:` URI that reads back as the same path, for SARIF locations outside
 * the checkout. pathToFileURL goes through the URL parser, which drops a leading or trailing
 * control character or space of its input (a file named `x\u000e` would become `x`): then each
 * segment is percent-encoded by hand.
 */
export function fileUri(absolute: string): string {
  const url = pathToFileURL(absolute);
  if (fileURLToPath(url) === absolute) return url.href;
  return `file://${absolute.split(sep).map(encodeURIComponent).join('/')}`;
}
