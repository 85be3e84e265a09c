import { describe, expect, it } from 'vitest';
import { browserTests, chromiumPath } from '../../scripts/browser-tests.ts';

/** `npm test` and a machine without Chromium: the browser tests are skipped with the reason, except under CI. */
describe('the browser tests of npm test (scripts/browser-tests.ts)', () => {
  const none = () => false;
  it('run where Chromium is, at CHROMIUM_PATH or /usr/bin/chromium', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome' })).toBe('/opt/chrome');
    expect(browserTests({ CHROMIUM_PATH: '/opt/chrome' }, (p) => p === '/opt/chrome')).toEqual({ run: true });
  });

  it('are skipped with the reason where it is missing, outside CI', () => {
    const r = browserTests({}, none);
    expect(r).toEqual({ run: false, reason: expect.stringContaining('no Chromium at /usr/bin/chromium') });
    expect(!r.run && r.reason).toContain('apt-get install chromium');
  });

  it('run anyway under CI=true, so a CI machine without a browser fails', () => {
    expect(browserTests({ CI: 'true' }, none)).toEqual({ run: true });
  });
});
