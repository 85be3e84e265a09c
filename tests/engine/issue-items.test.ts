import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPath, publishedExamples, seal, type ValidatorResult } from '../../src/engine/index.ts';
import { ERROR_CODES, ISSUE_CODES } from '../../src/standard/codes.ts';
import { PUBLISHED_CHECKS } from '../../src/standard/conversation-rules.ts';
import { siteFor, links } from '../../src/standard/urls.ts';
import { check, site } from './helpers.ts';

/**
 * The issue items a message carries (CONTRACT section 4): a typed error's `errors` and a
 * conformance result's `issues`. Each item's code is one its list may hold (issue codes; in a
 * conformance result also the test kit's checks), its path an RFC 6901 JSON Pointer, its
 * help_url the code's anchor on an error-registry page of any origin.
 */
type Message = Record<string, any>;
type Item = Record<string, unknown>;

const example = (profile: string): Message =>
  structuredClone(publishedExamples(site).find((e) => e.profile === profile)!.message) as Message;

const ISSUE = ISSUE_CODES.map((c) => c.code as string);
const CHECKS = PUBLISHED_CHECKS.map((c) => c.id);
const ERRORS = ERROR_CODES.map((c) => c.code as string);

/** The two lists, each with the message that carries it and the codes it may hold. */
const LISTS = [
  {
    name: 'errors',
    path: '/body/errors',
    codes: ISSUE,
    message: (items: Item[]): Message => {
      const m = example('uai.error.v1');
      m.body.errors = items;
      return seal(m) as Message;
    },
  },
  {
    name: 'issues',
    path: '/body/issues',
    codes: [...ISSUE, ...CHECKS],
    message: (items: Item[]): Message => {
      const m = example('uai.conformance.result.v1');
      m.body.issues = items;
      const errors = items.filter((i) => i.severity === 'error').length;
      m.body.summary.error_count = errors;
      m.body.summary.warning_count = items.length - errors;
      m.body.status = errors > 0 ? 'fail' : 'pass';
      // The level the items allow is another rule's (contract-rules.test.ts); these items only test themselves.
      delete m.body.conformance_level;
      return seal(m) as Message;
    },
  },
] as const;

/** The severity an item of `code` carries (its own rule, contract-rules.test.ts): the registry's; error for a check. */
const SEVERITY = new Map<string, string>(ISSUE_CODES.map((c) => [c.code, c.severity]));
const item = (code: string, extra: Item = {}): Item => ({
  code,
  severity: SEVERITY.get(code) ?? 'error',
  path: '/body/x',
  message: 'One plain sentence.',
  help_url: links(site).codeHelp(code),
  ...extra,
});

const found = (r: ValidatorResult) => [...r.errors, ...r.warnings].map((i) => `${i.code} ${i.path}`);

/** RFC 6901 section 3, read token by token: the reference the schema's pattern is held to. */
function isJsonPointer(text: string): boolean {
  if (text === '') return true;
  if (!text.startsWith('/')) return false;
  return text
    .slice(1)
    .split('/')
    .every((token) => {
      for (let i = 0; i < token.length; i++)
        if (token[i] === '~' && token[i + 1] !== '0' && token[i + 1] !== '1') return false;
      return true;
    });
}

const key = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom('~', '/', '~1', '~0', 'a/b~c'));
/** Any pointer the engine writes: keys and indexes, escaped. */
const pointer = fc
  .array(fc.oneof(key, fc.nat(99)), { maxLength: 4 })
  .map((segments) => segments.reduce<string>((p, s) => childPath(p, s), ''));
/** Origins of other deployments: either scheme, any host and port, pages at the root or under a prefix. */
const origin = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.domain(),
    fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    fc.constantFrom('', '/fr', '/zh-cn', '/uai/service'),
  )
  .map(([scheme, host, port, prefix]) => `${scheme}://${host}${port === undefined ? '' : `:${port}`}${prefix}`);
/** The severities an item of `code` may carry: an issue code's own; error for a must check; either for a should check. */
const MUST = new Set(PUBLISHED_CHECKS.filter((c) => c.severity === 'must').map((c) => c.id));
const severities = (code: string): string[] =>
  SEVERITY.has(code) ? [SEVERITY.get(code)!] : MUST.has(code) ? ['error'] : ['error', 'warning'];

describe.each(LISTS)('body.$name items', (list) => {
  const code = fc.constantFrom(...list.codes);

  it('items with a code the list may hold, any pointer and the anchor on any origin pass (L4)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .record({ code, path: pointer, origin })
            .chain((i) => fc.constantFrom(...severities(i.code)).map((severity) => ({ ...i, severity }))),
          { minLength: 1, maxLength: 4 },
        ),
        (items) => {
          const r = check(
            list.message(
              items.map((i) =>
                item(i.code, {
                  severity: i.severity,
                  path: i.path,
                  help_url: links(siteFor(i.origin)).codeHelp(i.code),
                }),
              ),
            ),
          );
          expect(found(r)).toEqual([]);
          expect(r.conformance_level).toBe('L4');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a severity other than its code allows is issue.severity_mismatch at it, and nothing else', () => {
    const wrong = code.filter((c) => severities(c).length === 1);
    fc.assert(
      fc.property(wrong, fc.nat(3), (c, at) => {
        const flipped = severities(c)[0] === 'error' ? 'warning' : 'error';
        const items = Array.from({ length: at + 1 }, (_, i) =>
          item(c, i === at ? { severity: flipped } : { severity: severities(c)[0] }),
        );
        expect(found(check(list.message(items)))).toEqual([`issue.severity_mismatch ${list.path}/${at}/severity`]);
      }),
      { numRuns: 200 },
    );
  });

  it('a code the list may not hold is issue.code_unpublished at its code, and nothing else', () => {
    const foreign = fc.oneof(
      fc.constantFrom(...ERRORS, 'made.up', 'Field.Unknown_Member', 'field.unknown_member.v2'),
      list.name === 'errors' ? fc.constantFrom(...CHECKS) : fc.constant('made.up'),
      // Characters a fragment holds as they are, so that the anchor below is the code's own.
      fc.string({ unit: fc.constantFrom('a', 'z', '0', '.', '_', '-', 'A'), minLength: 1, maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(code, { maxLength: 3 }), fc.nat(), foreign, (codes, at, bad) => {
        fc.pre(!(list.codes as readonly string[]).includes(bad));
        const items = codes.map((c) => item(c));
        const index = at % (items.length + 1);
        // The help_url follows the code, so that only the code is wrong.
        items.splice(index, 0, item(bad, { help_url: `https://uai.example.org/error-registry/#${bad}` }));
        const r = check(list.message(items));
        expect(found(r)).toEqual([`issue.code_unpublished ${list.path}/${index}/code`]);
        expect(r.conformance_level).toBe('L1');
      }),
      { numRuns: 300 },
    );
  });

  it('any other string as a code is issue.code_unpublished at it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), (bad) => {
        fc.pre(!(list.codes as readonly string[]).includes(bad));
        expect(found(check(list.message([item(bad)])))).toContain(`issue.code_unpublished ${list.path}/0/code`);
      }),
      { numRuns: 300 },
    );
  });

  it('a path that is not an RFC 6901 pointer is schema.pattern at its path', () => {
    const broken = fc.oneof(
      fc.constantFrom('body', 'body/code', '/a~2b', '/a~', '~0', '#/body', '/body/~x/y'),
      fc.string({ unit: fc.constantFrom('/', '~', '0', '1', '2', 'a'), minLength: 1, maxLength: 8 }),
    );
    fc.assert(
      fc.property(code, broken, (c, path) => {
        fc.pre(!isJsonPointer(path));
        const r = check(list.message([item(c, { path })]));
        expect(found(r)).toEqual([`schema.pattern ${list.path}/0/path`]);
      }),
      { numRuns: 300 },
    );
  });

  it('the schema reads a path exactly as RFC 6901 does', () => {
    const text = fc.string({ unit: fc.constantFrom('/', '~', '0', '1', '2', 'a', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(code, text, (c, path) => {
        const r = check(list.message([item(c, { path })]));
        expect(found(r).length === 0).toBe(isJsonPointer(path));
      }),
      { numRuns: 500 },
    );
  });

  it('a help_url that is not the anchor of its code is issue.help_url_mismatch at it', () => {
    const wrong = fc.oneof(
      // Another code's anchor, or the page itself.
      fc
        .tuple(code, code)
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => [a, links(site).codeHelp(b)] as const),
      code.map((c) => [c, 'https://uai.example.org/error-registry/'] as const),
      // The right fragment on another page, with a query, or under another scheme.
      fc
        .tuple(
          code,
          fc.constantFrom(
            'https://evil.example/x#',
            'https://uai.example.org/error-registry?x=1#',
            'https://uai.example.org/error-registry/?x=1#',
            'https://uai.example.org/error-registry/?#',
            'https://uai.example.org/error-registry#',
            'https://uai.example.org/errors/#',
            'https://uai.example.org/error-registry/x/#',
            'ftp://uai.example.org/error-registry/#',
            'urn:uai:error-registry/#',
          ),
        )
        .map(([c, before]) => [c, `${before}${c}`] as const),
    );
    fc.assert(
      fc.property(wrong, ([c, helpUrl]) => {
        const r = check(list.message([item(c, { help_url: helpUrl })]));
        expect(found(r)).toEqual([`issue.help_url_mismatch ${list.path}/0/help_url`]);
      }),
      { numRuns: 300 },
    );
  });

  it('a help_url that is no URI at all is only the schema format issue', () => {
    const r = check(list.message([item(list.codes[0]!, { help_url: 'not a url' })]));
    expect(found(r)).toEqual([`schema.format ${list.path}/0/help_url`]);
  });
});

describe('the reproductions of the false passes', () => {
  // Each edits one item of the example's kind; an item whose code changed keeps the help_url of
  // the code it had, so it is wrong twice.
  const cases: [string, Item, string[]][] = [
    [
      'an unpublished code',
      { code: 'made.up' },
      ['issue.code_unpublished /0/code', 'issue.help_url_mismatch /0/help_url'],
    ],
    [
      'an unpublished code and its anchor',
      { code: 'made.up', help_url: 'https://uai.example.org/error-registry/#made.up' },
      ['issue.code_unpublished /0/code'],
    ],
    [
      'an HTTP error code and its anchor',
      { code: 'request.invalid', help_url: links(site).codeHelp('request.invalid') },
      ['issue.code_unpublished /0/code'],
    ],
    ['a path without a leading slash', { path: 'body' }, ['schema.pattern /0/path']],
    ['a path with an invalid escape', { path: '/a~2b' }, ['schema.pattern /0/path']],
    ['a help_url elsewhere', { help_url: 'https://evil.example/x' }, ['issue.help_url_mismatch /0/help_url']],
  ];
  it.each(LISTS.flatMap((list) => cases.map(([what, edit, want]) => [list.name, what, list, edit, want] as const)))(
    'body.%s: %s',
    (_name, _what, list, edit, want) => {
      const r = check(list.message([{ ...item('field.unregistered_value'), ...edit }]));
      expect(found(r)).toEqual(want.map((w) => w.replace(' ', ` ${list.path}`)));
      expect(r.valid).toBe(false);
      expect(r.conformance_level).not.toBe('L4');
    },
  );
});
