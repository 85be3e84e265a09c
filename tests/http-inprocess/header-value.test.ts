import { describe, expect, it } from 'vitest';
import { headerValue } from '../../src/http/headers.ts';

/** A header as its field line carries it: repeated values joined with a comma (RFC 9110 section 5.3). */
describe('headerValue', () => {
  it.each([
    [undefined, null],
    ['application/json', 'application/json'],
    [['a=1', 'b=2'], 'a=1, b=2'],
    [[], ''],
  ])('%j', (value, joined) => expect(headerValue(value)).toBe(joined));
});
