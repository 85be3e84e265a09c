import { describe, expect, it } from 'vitest';
import { MAX_PATH_CHARS, publishedExamples, validateAction } from '../../src/engine/index.ts';
import { check, codesOf, now, site } from './helpers.ts';

/** Hostile input returns issues, never exceptions (CONTRACT section 8). */
const request = publishedExamples(site)[0]!.message;
const text = JSON.stringify(request);

function nested(depth: number, open: string, close: string): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

describe('hostile input', () => {
  it('nesting 10,000 deep (arrays and objects, keyed and keyless)', () => {
    const arrays = JSON.parse(nested(10_000, '[', ']'));
    const objects = JSON.parse(nested(10_000, '{"a":', '}'));
    expect(codesOf(check(arrays, 'keyless-json'))).toEqual(['message.too_deep']);
    expect(codesOf(check(objects))).toEqual(['message.too_deep']);
    const inside = JSON.parse(text.replace('"constraints":', `"deep":${nested(10_000, '[', ']')},"constraints":`));
    expect(codesOf(check(inside))).toEqual(['message.too_deep']);
    expect(check(objects).conformance_level).toBeNull();
  });

  it('exactly 64 levels is fine, 65 is too deep', () => {
    expect(codesOf(check(JSON.parse(nested(63, '{"a":', '}'))))).not.toContain('message.too_deep');
    expect(codesOf(check(JSON.parse(nested(65, '{"a":', '}'))))).toEqual(['message.too_deep']);
  });

  it(`a container whose names add up past ${MAX_PATH_CHARS} characters is too deep, at the limit it is not`, () => {
    // Names along the path of the innermost object: /body, /chain, then the chain's own names.
    const chain = (names: readonly string[], inner: string) =>
      names.reduceRight((inside, name) => `{${JSON.stringify(name)}:${inside}}`, inner);
    const room = MAX_PATH_CHARS - '/body/chain'.length;
    const names = (total: number) => {
      const out: string[] = [];
      for (let left = total; left > 0; left -= 101) out.push('n'.repeat(Math.min(100, left - 1)));
      return out;
    };
    const at = (total: number) => {
      const hostile = text.replace('"body":{', `"body":{"chain":${chain(names(total), '{"a":1,"a":1}')},`);
      return check(JSON.parse(hostile), 'keyed-json', hostile);
    };
    const fits = at(room);
    expect(codesOf(fits)).toContain('message.duplicate_member');
    expect(codesOf(fits)).not.toContain('message.too_deep');
    const past = at(room + 1);
    expect(codesOf(past)).toEqual(['message.too_deep']);
    expect(past.errors[0]!.message).toContain(`${MAX_PATH_CHARS} characters`);
  });

  it('repeated names under long names are refused in time, not listed thousands of times', () => {
    // 50 levels of 3,000-character names around a thousand repeated pairs: a 170 KB request that
    // once took seconds (every issue's 150,000-character path compared and hashed) and answered 30 MB.
    let inner = `{${Array.from({ length: 1000 }, (_, i) => `"a${i}":0,"a${i}":0`).join(',')}}`;
    for (let level = 0; level < 50; level++) inner = `{"${String(level).padStart(3000, 'x')}":${inner}}`;
    const hostile = text.replace('"body":{', `"body":{"deep":${inner},`);
    const r = check(JSON.parse(hostile), 'keyed-json', hostile);
    expect(codesOf(r)).toEqual(['message.too_deep']);
    expect(JSON.stringify(r).length).toBeLessThan(20_000);
  });

  it('__proto__ and constructor keys do not pollute prototypes', () => {
    const evil = JSON.parse(
      text
        .replace('{', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},')
        .replace('"body":{', '"body":{"__proto__":{"polluted":"yes"},'),
    );
    const r = check(evil);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(r.warnings.map((w) => w.path)).toEqual(
      expect.arrayContaining(['/__proto__', '/constructor', '/body/__proto__']),
    );
    expect(check(r.conformance_record).issue_count).toBe(0);
    const keyless = check(JSON.parse(`[${'null,'.repeat(3)}{"__proto__":{"polluted":1}}]`), 'keyless-json');
    expect(keyless.valid).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lone surrogates in values and keys', () => {
    const value = JSON.parse(text.replace('"planned"', '"\\udc00"'));
    const key = JSON.parse(text.replace('"stage"', '"\\ud800"'));
    for (const m of [value, key]) {
      const r = check(m);
      expect(codesOf(r)).toContain('message.not_canonicalizable');
      expect(r.normalization.canonical_hash).toBeNull();
      expect(check(r.conformance_record).issue_count).toBe(0);
    }
  });

  it('1e400 parses to Infinity and is reported', () => {
    const r = check(JSON.parse(text.replace('0.93', '1e400')));
    expect(codesOf(r)).toContain('message.not_canonicalizable');
    expect(r.errors.find((e) => e.code === 'message.not_canonicalizable')?.path).toBe('/provenance/confidence');
    expect(check(r.conformance_record).issue_count).toBe(0);
  });

  it('1 MB strings (valid, and as wrong values)', () => {
    const big = 'x'.repeat(1 << 20);
    const r = check(JSON.parse(text.replace('"planned"', JSON.stringify(big))));
    expect(codesOf(r)).toEqual(['integrity.checksum_mismatch']);
    const r2 = check({ ...request, uai_version: big, [big]: 1 });
    expect(codesOf(r2)).toEqual([
      'envelope.version_unsupported',
      'field.unknown_member',
      'integrity.checksum_mismatch',
    ]);
    // Echoed values are truncated; only the pointer to the 1 MB key carries it whole.
    expect(JSON.stringify(r2.conformance_record).length).toBeLessThan((1 << 20) + 20_000);
    expect(check(r2.conformance_record).issue_count).toBe(0);
  });

  it('arrays where objects belong, and scalars everywhere', () => {
    const shapes = [[], [1, 2], 'text', 42, true, null];
    for (const shape of shapes) {
      for (const key of ['source', 'conversation', 'body', 'integrity', 'provenance', 'extensions']) {
        const r = check({ ...request, [key]: shape });
        expect(r.valid).toBe(false);
        expect(check(r.conformance_record).issue_count).toBe(0);
      }
      expect(check(shape).valid).toBe(false);
      expect(check(shape, 'keyless-json').valid).toBe(false);
    }
  });

  it('the action rejects bad requests with request.invalid and a useful detail', () => {
    const ctx = { site, now: () => now };
    const bare = validateAction(request, ctx);
    expect(bare).toMatchObject({ ok: false, code: 'request.invalid' });
    expect(bare.ok ? '' : bare.detail).toContain('{"message":');
    for (const body of [
      null,
      [],
      'x',
      {},
      { message: 5 },
      { message: {}, format: 'xml' },
      { message: {}, normalization_mode: 'yaml' },
      { message: {}, format: 1 },
    ]) {
      expect(validateAction(body, ctx)).toMatchObject({ ok: false, code: 'request.invalid' });
    }
    expect(validateAction({ message: request, extra: 1 }, ctx)).toMatchObject({ ok: true });
  });
});
