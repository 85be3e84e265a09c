/**
 * Command-line mistakes and unreadable files, shared by every `uai` command (the kits' and the
 * CLI's own): a small door of the kit with no imports, so a command that needs nothing else loads
 * nothing else.
 */

/** A mistake in the command line: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {}

/** Whether an error is the user's: a UsageError, or parseArgs's (TypeErrors with an ERR_PARSE_ARGS_* code). */
export function isUsageError(error: unknown): error is Error {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
}

/** Why a file could not be read, in a few words (`cannot read: is a directory`). */
export function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a directory'
        : code === 'EACCES'
          ? 'permission denied'
          : error instanceof Error
            ? error.message
            : String(error);
  return `cannot read: ${reason}`;
}
