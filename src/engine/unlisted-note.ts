/**
 * The one sentence every report (SARIF, the CLI's formats, the playground) adds when a result's
 * issue list was cut at the limit. Its own module, free of the code tables, so the browser
 * bundle can carry it.
 */

/** The sentence, or undefined when the result lists every issue. */
export function unlistedNote(result: {
  readonly issue_count: number;
  readonly issues_listed?: number;
}): string | undefined {
  if (result.issues_listed === undefined) return undefined;
  const more = result.issue_count - result.issues_listed;
  return `${more} more issue${more === 1 ? '' : 's'} not listed: a result lists ${result.issues_listed} of ${result.issue_count}, errors before warnings, and counts them all.`;
}
