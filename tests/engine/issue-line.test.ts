import { describe, expect, it } from 'vitest';
import { issueLine } from '../../src/engine/index.ts';

/** The one plain-text line of an issue, which the report of implementations, the command and the kits show. */
describe('issueLine', () => {
  it.each([
    [
      { code: 'schema.required', path: '/body', message: 'is missing intent' },
      'schema.required at /body: is missing intent',
    ],
    [
      { code: 'message.not_object', path: '', message: 'is not an object' },
      'message.not_object at /: is not an object',
    ],
  ])('%j', (issue, line) => expect(issueLine(issue)).toBe(line));
});
