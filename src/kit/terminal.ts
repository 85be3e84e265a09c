/**
 * Text from the implementation under test, made safe to print to a terminal: a report read there
 * must not be recoloured, cleared, retitled or reordered by what a client printed or a server or
 * client sent.
 */

/**
 * C0 controls but newline and tab, DEL, C1 controls (U+0080-U+009F: a terminal may read U+009B as
 * CSI), the line and paragraph separators (a mandatory break where a browser shows a CI log),
 * and the bidirectional marks, embeddings, overrides and isolates (Unicode TR9; the "Trojan
 * Source" reordering, CVE-2021-42574).
 */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu;

const NAMED: Readonly<Record<string, string>> = { '\r': '\\r', '\x1b': '\\x1b', '\x07': '\\a', '\b': '\\b' };

/**
 * A backslash that would begin one of the escapes below (`\\`, `\r`, `\n`, `\a`, `\b`, `\x..`,
 * `\u....`), or stand before a character written as one, is doubled, so the escaped text reads
 * back to exactly one original: a file named `a\x1b.json` is not taken for one holding ESC. Any
 * other backslash (a Windows path's) is left as it is.
 */
const BACKSLASH_BEFORE_ESCAPE = new RegExp(String.raw`\\(?=[\\abnrux\n]|${CONTROLS.source})`, 'gu');

const escapeBackslashes = (text: string): string => text.replace(BACKSLASH_BEFORE_ESCAPE, '\\\\');

/** The control characters of a text whose backslashes are already escaped. */
const controlsVisible = (text: string): string =>
  text
    .replace(/\r\n/g, '\n')
    .replace(
      CONTROLS,
      (c) =>
        NAMED[c] ??
        (c.charCodeAt(0) < 0x100
          ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );

/** Each control character as a visible escape (`\x1b`, `\r`, `\u202e`); a CRLF line end is a plain newline first. */
export const escapeControls = (text: string): string => controlsVisible(escapeBackslashes(text));

/** escapeControls with CR and LF escaped too: the text cannot start a line of its own. */
export const escapeInline = (text: string): string =>
  controlsVisible(escapeBackslashes(text).replaceAll('\r', '\\r').replaceAll('\n', '\\n'));

/**
 * One line of a report: escapeInline, so that quoted text (a file's name, a member name, a
 * message) can neither start a line of its own nor, where the report lands in a GitHub Actions
 * log, a workflow command. The runner reads `##[command]` anywhere in a line and `::command::` at
 * the start of one after white space (actions/runner, ActionCommand.cs, TryParse and TryParseV2):
 * the `#` or `:` that would complete either is written `\x23` or `\x3a`.
 */
export const escapeLine = (line: string): string =>
  escapeInline(line)
    .replaceAll('##[', '#\\x23[')
    .replace(/^(\s*):(?=:)/u, '$1\\x3a');
