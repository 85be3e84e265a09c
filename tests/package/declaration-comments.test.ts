import { describe, expect, it } from 'vitest';
import { withoutModuleHeader, withoutOrphanComments } from '../../scripts/package/build.ts';

/**
 * The package's declarations keep each declaration's doc comment and drop the module notes that
 * would document nothing, or the wrong thing: a file's header before its imports, and a comment
 * right before another. Each case is written out whole, before and after.
 */
const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('withoutModuleHeader (one file of tsc output)', () => {
  it('drops a header that opens the file before an import or a re-export', () => {
    for (const next of [
      "import type { Site } from './urls.ts';",
      "import { type Issue } from './issues.ts';",
      "export { seal } from './canonical.ts';",
      "export type { Site } from './urls.ts';",
      "export * from './codes.ts';",
    ]) {
      const file = lines(
        '/**',
        ' * The seam between the engine and the shells.',
        ' */',
        next,
        'export declare const a: 1;',
      );
      expect(withoutModuleHeader(file), next).toBe(lines(next, 'export declare const a: 1;'));
    }
  });

  it('keeps a comment that opens the file before a declaration: it is that declaration’s', () => {
    const file = lines('/** Doc of a. */', 'export declare const a: 1;');
    expect(withoutModuleHeader(file)).toBe(file);
    const exported = lines('/** Doc of f. */', 'export declare function f(): void;', "export { g } from './g.ts';");
    expect(withoutModuleHeader(exported)).toBe(exported);
  });
});

describe('withoutOrphanComments (a bundled declaration file)', () => {
  it('drops a comment followed by another, keeps each comment followed by code', () => {
    const text = lines(
      '/**',
      ' * The one serializer of the service: module notes after the imports.',
      ' */',
      '/** RFC 8785 canonical form; * and ** inside. */',
      'declare function canonicalJson(value: unknown): string;',
      'interface B {',
      '    /** Notes of a member? */',
      '    /** Doc of b. */',
      '    readonly b: 2;',
      '}',
    );
    expect(withoutOrphanComments(text)).toBe(
      lines(
        '/** RFC 8785 canonical form; * and ** inside. */',
        'declare function canonicalJson(value: unknown): string;',
        'interface B {',
        '    /** Doc of b. */',
        '    readonly b: 2;',
        '}',
      ),
    );
  });

  it('never takes a /** inside a string type for a comment', () => {
    const text = lines(
      'declare const GLOB: "messages/**/*.json";',
      '/** Doc of f. */',
      'declare function f(): void;',
      'declare const ALL: "**/*.json" | "a/**";',
      '/** Doc of g. */',
      'declare function g(): void;',
    );
    expect(withoutOrphanComments(text)).toBe(text);
    // With an orphan after the string: the orphan goes, the string and the doc stay.
    const orphan = lines(
      'declare const GLOB: "messages/**/*.json";',
      '/** Module notes. */',
      '/** Doc of f. */',
      'declare function f(): void;',
    );
    expect(withoutOrphanComments(orphan)).toBe(
      lines('declare const GLOB: "messages/**/*.json";', '/** Doc of f. */', 'declare function f(): void;'),
    );
  });
});
