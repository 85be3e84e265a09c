/** What may make a part of a pattern match more than its own name: wildcards, classes, braces, extglobs. */
export const GLOB_CHARS = /[*?[\]{}()|!+@]/;

/** Where a pattern's matches lie (its leading folders without glob characters) and the rest of it. */
export function splitGlob(pattern: string): { base: string; glob: string } {
  const parts = pattern.split('/');
  let fixed = 0;
  while (fixed < parts.length - 1 && !GLOB_CHARS.test(parts[fixed]!)) fixed += 1;
  const base = parts.slice(0, fixed).join('/');
  return { base: base === '' && pattern.startsWith('/') ? '/' : base, glob: parts.slice(fixed).join('/') };
}
