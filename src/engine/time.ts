/** How the service writes instants: RFC 3339 / ISO 8601 in UTC with `Z` (spec section 2). */

/** Whole seconds, no fraction: checked_at, issued_at, generated_at. */
export const isoSeconds = (d: Date): string => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** An instant copied from a message: milliseconds kept only when it has them. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
