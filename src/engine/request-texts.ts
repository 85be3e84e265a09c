/**
 * The texts of a request body's members as posted, sliced out of the body text, so that positions
 * are each message's own (line 1 is the line where its value starts) and what parsing drops,
 * repeated member names (message.duplicate_member) and numbers a double does not hold
 * (message.number_imprecise), is still seen. Shared by the actions that take messages inside a
 * wrapper (validate, check-exchange) and the CLI that builds such a body.
 */
import type { RequestSource, Result } from './api.ts';
import { IMPRECISE_NUMBER, REPEATED_NAME, textFindings, topLevelMembers } from './duplicate-scan.ts';
import { invalid } from './request-members.ts';

/**
 * Each member's text, when the body text is at hand and it is needed: always for positions, and
 * otherwise only when some name repeats or some number is imprecise (one cheap scan says). A
 * repeated member of the wrapper itself leaves the request ambiguous: request.invalid.
 */
export function memberTexts<K extends string>(
  source: RequestSource | undefined,
  members: readonly K[],
  positions: boolean,
): Result<Partial<Record<K, string>>, 'request.invalid'> {
  if (!source || (!positions && textFindings(source.text, REPEATED_NAME | IMPRECISE_NUMBER, true) === 0))
    return { ok: true, value: {} };
  const { spans, repeated } = topLevelMembers(source.text);
  if (repeated.length > 0)
    return invalid(`The request body repeats the member ${JSON.stringify(repeated[0])}; send each member once.`);
  const texts: Partial<Record<K, string>> = {};
  for (const member of members) {
    const span = spans.get(member);
    if (span) texts[member] = source.text.slice(span[0], span[1]);
  }
  return { ok: true, value: texts };
}
