/**
 * The client's command line as /bin/sh will read it, with the endpoint appended as its last
 * argument. A command whose end would swallow that argument (a comment, an open quote or here-
 * document, a trailing backslash, a trailing operator) is refused before anything runs. /bin/sh
 * itself tells, with `sh -n`, which parses and executes nothing: the command is parsed with the
 * endpoint appended (it must parse), and with probes appended whose fate shows where the appended
 * text lands (live code, a comment, a here-document, the middle of a word, a command position).
 */
import { spawnSync } from 'node:child_process';

const SHELL = '/bin/sh';
/** What runs: the command, then the endpoint as one more word, taken from the environment. */
export const withEndpoint = (command: string): string => `${command} "$UAI_ENDPOINT"`;

/** Whether /bin/sh parses the text, and what it said if not (undefined when there is no /bin/sh to ask). */
function parses(text: string): { ok: boolean; said: string } | undefined {
  const run = spawnSync(SHELL, ['-n', '-c', text], { env: {}, encoding: 'utf8', timeout: 5000 });
  if (run.error) return undefined;
  // "sh: 1: Syntax error: ..." (dash), "sh: -c: line 1: ..." (bash): the shell's name and line go.
  const said = run.stderr
    .trim()
    .split('\n')[0]!
    .replace(/^[^:]*: (?:-c: )?(?:line )?\d+: /, '');
  return { ok: run.status === 0, said };
}

/** Why the command cannot take the endpoint as its last argument, or undefined when it can. */
export function commandSyntaxProblem(command: string): string | undefined {
  const full = parses(withEndpoint(command));
  if (!full) return undefined;
  if (!full.ok) return `/bin/sh cannot parse it with the endpoint appended (${full.said})`;
  // A `)` after the endpoint is a syntax error wherever the endpoint is live code; it parses only
  // when the appended text is swallowed. A newline ends a comment but not a here-document (whose
  // delimiter line the appended word spoils).
  if (parses(`${withEndpoint(command)} )`)?.ok) {
    const hereDocument = parses(`${withEndpoint(command)}\n)`)?.ok;
    return hereDocument
      ? 'it ends inside a here-document, which would swallow the endpoint argument'
      : 'it ends in a comment (#), which would swallow the endpoint argument';
  }
  // A `;` after a word parses; after an operator or a redirection it does not.
  if (!parses(`${command} ;`)?.ok)
    return 'it ends in an operator or a redirection (&, ;, |, &&, ||, >, <): the endpoint would not be an argument of the command';
  // ` #)` is a comment only when the space before it separates words: after a trailing backslash it does not.
  if (!parses(`${command} #)`)?.ok) return 'it ends in a backslash, which would join the endpoint to its last word';
  return undefined;
}
