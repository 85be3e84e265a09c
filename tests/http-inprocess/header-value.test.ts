import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerValue, mediaTypeEssence } from '../../src/http/headers.ts';
import { isJsonMediaType } from '../../src/http/request-body.ts';

/** A header as its field line carries it: repeated values joined with a comma (RFC 9110 section 5.3). */
describe('headerValue', () => {
  it.each([
    [undefined, null],
    ['application/json', 'application/json'],
    [['a=1', 'b=2'], 'a=1, b=2'],
    [[], ''],
  ])('%j', (value, joined) => expect(headerValue(value)).toBe(joined));
});

/**
 * One reading of a Content-Type for the service, the proxy and the client kit: a JSON type alone,
 * with any parameters, is JSON; the same type in a list with another (a field sent twice, joined
 * as platforms join it, in either order) is no one media type, whatever parameters come first.
 */
describe('mediaTypeEssence and isJsonMediaType', () => {
  const token = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,8}$/);
  const type = fc.oneof(
    fc.constant('application/json'),
    token.map((t) => `application/${t}+json`),
  );
  const param = fc.oneof(
    fc.constant('; charset=utf-8'),
    fc.constant(';charset="UTF-8"'),
    // A comma inside a quoted parameter value is part of the value, not a list.
    fc.constant('; profile="https://example.com/a,b"'),
    token.map((t) => `; ${t}=${t}`),
  );
  const line = fc
    .tuple(type, fc.array(param, { maxLength: 2 }), fc.boolean())
    .map(([t, ps, upper]) => `${upper ? t.toUpperCase() : t}${ps.join('')}`);
  const other = fc.constantFrom('text/plain', 'text/html; charset=utf-8', 'application/octet-stream');

  it('one JSON type with parameters: JSON, its essence lower case', () => {
    fc.assert(
      fc.property(line, (value) => {
        expect(isJsonMediaType(value)).toBe(true);
        expect(mediaTypeEssence(value)).toBe(value.split(';')[0]!.trim().toLowerCase());
      }),
    );
  });

  it('a list of that type and another, either order: no one media type', () => {
    fc.assert(
      fc.property(line, other, fc.boolean(), (json, not, first) => {
        const joined = first ? `${json}, ${not}` : `${not}, ${json}`;
        expect(isJsonMediaType(joined)).toBe(false);
        expect(mediaTypeEssence(joined)).toBeUndefined();
      }),
    );
  });

  it.each([null, undefined, '', ' ', ';charset=utf-8'])('%j names no media type', (value) =>
    expect(mediaTypeEssence(value)).toBeUndefined(),
  );
});
