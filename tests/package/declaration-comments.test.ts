import { describe, expect, it } from 'vitest';
import { withoutOrphanComments } from '../../scripts/package/build.ts';

/**
 * The package's declarations keep each declaration's doc comment and drop the ones that document
 * nothing: a source file's header, carried along by the bundling of the declarations, sits right
 * before the first declaration's own comment.
 */
describe('withoutOrphanComments', () => {
  const text = [
    '/**',
    ' * The one serializer of the service (CONTRACT section 3): a module header.',
    ' */',
    '',
    '/** RFC 8785 canonical form; * and ** inside, and one at the end **/',
    'declare function canonicalJson(value: unknown): string;',
    '/** Attached, then code. */',
    'declare const a: 1;',
    'interface B {',
    '    /** A member header? No: a member doc, followed by code. */',
    '    readonly b: 2;',
    '}',
    '/** Header of a second module. */',
    '/** Doc of c. */',
    'declare const c: 3;',
    '',
  ].join('\n');

  it('drops a comment followed by another, keeps every comment followed by code', () => {
    const out = withoutOrphanComments(text);
    expect(out).not.toContain('a module header');
    expect(out).not.toContain('Header of a second module');
    for (const kept of ['RFC 8785 canonical form', 'Attached, then code.', 'A member header? No', 'Doc of c.'])
      expect(out).toContain(kept);
    expect(out.replace(/\/\*\*(?:[^*]|\*(?!\/))*\*\/\s*/g, '')).toBe(
      text.replace(/\/\*\*(?:[^*]|\*(?!\/))*\*\/\s*/g, ''),
    );
  });

  it('leaves declarations without an orphan as they are', () => {
    const clean = '/** Doc of a. */\ndeclare const a: 1;\n';
    expect(withoutOrphanComments(clean)).toBe(clean);
  });
});
