/** RFC 6901 JSON Pointers: the `path` of every issue, and how the engine walks a message by one. */

/** One reference token, escaped (RFC 6901 section 3: `~` as `~0`, `/` as `~1`). */
export const pointerSegment = (key: string | number): string => {
  const text = String(key);
  // Most keys need no escape; skipping the two replaceAll passes matters for wide hostile bodies.
  return text.includes('~') || text.includes('/') ? text.replaceAll('~', '~0').replaceAll('/', '~1') : text;
};

/** The pointer of a member or item below `path`. */
export const childPath = (path: string, key: string | number): string => `${path}/${pointerSegment(key)}`;

/** A reference token, unescaped (RFC 6901 section 4: `~1` before `~0`). */
const unescapeSegment = (s: string): string => s.replaceAll('~1', '/').replaceAll('~0', '~');

/** A pointer's reference tokens, unescaped (RFC 6901 section 4). */
export const pointerSegments = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeSegment);
