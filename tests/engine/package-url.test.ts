import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPackageUrl, parsePackageUrl, parseReleasePackageUrl, type PackageUrl } from '../../src/engine/index.ts';

/** Package URLs as github.com/package-url/purl-spec writes them: its examples, its edge cases, and round trips. */
describe('parsePackageUrl', () => {
  const VALID: readonly [string, Partial<PackageUrl>, string][] = [
    [
      'pkg:npm/%40acme/agent@1.2.0',
      { type: 'npm', namespace: ['@acme'], name: 'agent', version: '1.2.0' },
      'pkg:npm/%40acme/agent@1.2.0',
    ],
    [
      'pkg:github/acme/agent@v1.2.0',
      { type: 'github', namespace: ['acme'], name: 'agent', version: 'v1.2.0' },
      'pkg:github/acme/agent@v1.2.0',
    ],
    [
      'pkg:pypi/django@1.11.1',
      { type: 'pypi', namespace: [], name: 'django', version: '1.11.1' },
      'pkg:pypi/django@1.11.1',
    ],
    [
      'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources',
      { namespace: ['org.apache.xmlgraphics'], qualifiers: { packaging: 'sources' } },
      'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources',
    ],
    [
      'pkg:deb/debian/curl@7.50.3-1?distro=jessie&ARCH=i386',
      { qualifiers: { arch: 'i386', distro: 'jessie' } },
      'pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie',
    ],
    [
      'pkg:golang/google.golang.org/genproto#googleapis/api/annotations',
      { namespace: ['google.golang.org'], name: 'genproto', subpath: ['googleapis', 'api', 'annotations'] },
      'pkg:golang/google.golang.org/genproto#googleapis/api/annotations',
    ],
    [
      'pkg:docker/cassandra@sha256:244fd47e07d10',
      { version: 'sha256:244fd47e07d10' },
      'pkg:docker/cassandra@sha256:244fd47e07d10',
    ],
    ['PKG:NPM/foo@1', { type: 'npm' }, 'pkg:npm/foo@1'],
    ['pkg://npm/foo@1/', { type: 'npm', name: 'foo' }, 'pkg:npm/foo@1'],
    ['pkg:npm/foo@1?empty=&a=b', { qualifiers: { a: 'b' } }, 'pkg:npm/foo@1?a=b'],
    ['pkg:npm/foo@1#./a/../b/', { subpath: ['a', 'b'] }, 'pkg:npm/foo@1#a/b'],
    ['pkg:generic/caf%C3%A9@1.0', { name: 'café' }, 'pkg:generic/caf%C3%A9@1.0'],
    ['pkg:generic/a+b@1', { name: 'a+b' }, 'pkg:generic/a%2Bb@1'],
    ['pkg:npm/agent', { version: undefined }, 'pkg:npm/agent'],
  ];
  for (const [text, parts, canonical] of VALID) {
    it(`reads ${text}`, () => {
      const read = parsePackageUrl(text);
      expect(read).toMatchObject({ ok: true, canonical });
      if (read.ok) for (const [k, v] of Object.entries(parts)) expect(read.purl[k as keyof PackageUrl], k).toEqual(v);
    });
  }
  const INVALID: readonly [string, RegExp][] = [
    ['', /non-empty/],
    ['npm/foo@1', /starts with "pkg:"/],
    ['pkg:npm', /type and a name/],
    ['pkg:/foo@1', /type and a name/],
    ['pkg:1npm/foo@1', /the type "1npm"/],
    ['pkg:np m/foo@1', /spaces/],
    ['pkg:npm/foo@', /no version/],
    ['pkg:npm/@1', /name is empty/],
    ['pkg:npm/a//foo@1', /empty segment/],
    ['pkg:npm/foo%zz@1', /percent-escape/],
    ['pkg:npm/foo%ff@1', /percent-escape/],
    ['pkg:npm/foo@1?a=1&a=2', /given twice/],
    ['pkg:npm/foo@1?novalue', /key=value/],
    ['pkg:npm/foo@1?1a=b', /qualifier key/],
    ['pkg:npm/a%2Fb@1', /may not contain "\/"/],
    [`pkg:npm/${'a'.repeat(3000)}@1`, /at most 2048/],
    ['pkg:npm/foo@1\n', /control characters/],
    ['pkg:npm/\ud800@1', /lone surrogates/],
  ];
  for (const [text, error] of INVALID)
    it(`refuses ${JSON.stringify(text.slice(0, 40))}`, () => {
      const read = parsePackageUrl(text);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error).toMatch(error);
    });

  it('a release names its version', () => {
    expect(parseReleasePackageUrl('pkg:npm/agent@2.0.0').ok).toBe(true);
    expect(parseReleasePackageUrl('pkg:npm/agent')).toMatchObject({ ok: false, error: /names no version/ });
  });
});

describe('package URLs round-trip', () => {
  // Mostly the characters a purl gives meaning to, so every separator is tried inside a component.
  const tricky = fc.string({
    minLength: 1,
    maxLength: 8,
    unit: fc.constantFrom('a', '1', '@', '#', '?', '%', '&', '=', ':', '+', ' ', '.', 'é', '😀', '~'),
  });
  const text = fc.oneof(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), tricky);
  const segment = text.filter((s) => !s.includes('/'));
  const purl = fc.record({
    type: fc.stringMatching(/^[a-z.+-][a-z0-9.+-]{0,8}$/),
    namespace: fc.array(segment, { maxLength: 3 }),
    name: segment,
    version: fc.option(text, { nil: undefined }),
    qualifiers: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9._-]{0,6}$/), text, {
      maxKeys: 3,
    }),
    subpath: fc.array(
      segment.filter((s) => s !== '.' && s !== '..'),
      { maxLength: 3 },
    ),
  });
  it('format then parse gives the same parts back, and the canonical form is a fixed point', () => {
    fc.assert(
      fc.property(purl, (p) => {
        const parts: PackageUrl = { ...p, ...(p.version === undefined ? {} : { version: p.version }) };
        if (p.version === undefined) delete (parts as { version?: string }).version;
        const text = formatPackageUrl(parts);
        const read = parsePackageUrl(text);
        expect(read.ok, text).toBe(true);
        if (!read.ok) return;
        expect(read.canonical).toBe(text);
        expect({ ...read.purl, qualifiers: { ...read.purl.qualifiers } }).toEqual({
          ...parts,
          qualifiers: Object.fromEntries(Object.entries(p.qualifiers).sort(([a], [b]) => (a < b ? -1 : 1))),
        });
        expect(parsePackageUrl(read.canonical)).toEqual(read);
      }),
      { numRuns: 500 },
    );
  });
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ maxLength: 80 }).map((s) => `pkg:${s}`),
        ),
        (s) => {
          const read = parsePackageUrl(s);
          if (read.ok) expect(parsePackageUrl(read.canonical)).toEqual(read);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
