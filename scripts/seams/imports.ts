/**
 * The imports of one source file, as written: static (`import`/`export ... from`, side-effect
 * `import './x'`, `import type`) and dynamic (`import('./x')` with a literal specifier). `.astro`
 * files are read whole, frontmatter and `<script>` blocks alike. Only relative specifiers are
 * returned: a package name is no room of this tree. A dynamic import with a computed specifier
 * cannot be read, and is not (scripts/start.ts loads the function modules that way).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const STATIC = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*[,)]/g;

/** The relative specifiers a file's text imports, static and dynamic, each once. */
export function specifiersOf(text: string): string[] {
  const found = [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((m) => m[1]!);
  return [...new Set(found)];
}

const SUFFIXES = ['', '.ts', '.mts', '.js', '.mjs', '/index.ts'];

/**
 * The repository-relative file a specifier names from `file`, or undefined when no file is there:
 * an import that names nothing is either text inside a string (code a script writes) or a broken
 * import, which the typecheck and the build already refuse.
 */
export function resolveImport(root: string, file: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(file), specifier.split('?')[0]!);
  const hit = SUFFIXES.map((s) => base + s).find((p) => existsSync(p) && statSync(p).isFile());
  return hit === undefined ? undefined : relative(root, hit).split('\\').join('/');
}

/** Every import of a file that names a file of the tree, repository-relative. */
export const importsOf = (root: string, file: string, text: string): string[] =>
  specifiersOf(text).flatMap((s) => resolveImport(root, file, s) ?? []);
