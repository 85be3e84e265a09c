/** How the service writes instants: RFC 3339 / ISO 8601 in UTC with `Z` (spec section 2). */

/** The last few instants written (a check writes the same two or three per call): ms -> text. */
const written = new Map<number, string>();

/** Whole seconds, no fraction: checked_at, issued_at, generated_at. */
export function isoSeconds(d: Date): string {
  const ms = d.getTime();
  let text = written.get(ms);
  if (text === undefined) {
    text = `${d.toISOString().slice(0, -5)}Z`;
    if (written.size >= 8) written.clear();
    written.set(ms, text);
  }
  return text;
}
