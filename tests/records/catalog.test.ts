import { describe, expect, it } from 'vitest';
import { RELEASE, UAI_VERSION } from '../../src/standard/release.ts';
import { ORIGIN, readRecord } from './dist.ts';

/** The catalog's release metadata (CONTRACT section 9: release, uai_version, base_url, generated_at). */
describe('the catalog record', () => {
  const catalog = readRecord('/catalog');

  it('names the release, the UAI version, the REST base and its build instant', () => {
    expect(catalog.release).toBe(RELEASE);
    expect(catalog.current_release).toBe(RELEASE);
    expect(catalog.uai_version).toBe(UAI_VERSION);
    expect(catalog.base_url).toBe(`${ORIGIN}/v1`);
    expect(Date.parse(catalog.generated_at)).not.toBeNaN();
  });
});
