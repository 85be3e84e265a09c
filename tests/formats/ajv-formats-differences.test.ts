import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { formats } from '../../src/standard/formats/index.ts';
import { DATE_TIME_NEAR_MISSES, URI_NEAR_MISSES } from './near-misses.ts';
import { allSuiteCases } from './suite.ts';

/**
 * Where ajv-formats, what an implementer of the published schemas would most likely use, and the
 * engine's own checkers (src/standard/formats/) give different verdicts: over the suite's string
 * cases, the near misses and the values docs/formats-and-instants.md names. Each difference is
 * listed with its ground, and the list must be exactly what the run finds, so a change on either
 * side shows here. The schema differential (tests/engine/schema-differential.test.ts) gives its
 * oracle the engine's checkers, so these are the only format verdicts it does not compare.
 */
type Ground =
  /** Named on the page, by this phrase. */
  | { readonly docs: string }
  /** A JSON-Schema-Test-Suite case: the engine gives the suite's verdict (formats.test.ts). */
  | { readonly suite: string }
  /** The RFC's ABNF, by rule. */
  | { readonly rfc: string };

interface Difference {
  readonly format: 'date-time' | 'uri';
  readonly value: string;
  /** The engine's verdict; ajv-formats gives the other. */
  readonly engine: boolean;
  readonly ground: Ground;
}

const DIFFERENCES: readonly Difference[] = [
  { format: 'date-time', value: '1985-04-12T23:20:50+01', engine: false, ground: { docs: '`+01` offsets' } },
  { format: 'date-time', value: '2026-11-02T10:00:00+01', engine: false, ground: { docs: '`+01` offsets' } },
  {
    format: 'date-time',
    value: '2026-11-02\t10:00:00Z',
    engine: false,
    ground: { docs: 'a tab between date and time' },
  },
  {
    format: 'date-time',
    value: '1963-06-19T00:59:59.999999999999999Z',
    engine: true,
    ground: { docs: '`1963-06-19T00:59:59.999999999999999Z`' },
  },
  {
    format: 'date-time',
    value: '1985-04-12T00:59:59.999999999999999Z',
    engine: true,
    ground: { suite: 'a second fraction of fifteen nines is valid' },
  },
  {
    format: 'date-time',
    value: '2016-12-31T24:59:60+01:00',
    engine: false,
    ground: { suite: 'hour 24 is invalid even with a leap second' },
  },
  {
    format: 'date-time',
    value: '2026-11-02 10:00:00Z',
    engine: false,
    ground: { rfc: 'RFC 3339 section 5.6 date-time = full-date "T" full-time' },
  },
  {
    format: 'date-time',
    value: '2026-11-02T10:00:00+0100',
    engine: false,
    ground: { rfc: 'RFC 3339 section 5.6 time-numoffset = ("+" / "-") time-hour ":" time-minute' },
  },
  { format: 'uri', value: 'https:', engine: true, ground: { docs: '`https:`' } },
  {
    format: 'uri',
    value: 'http://example.com:abc/path',
    engine: false,
    ground: { docs: '`http://example.com:abc/path`' },
  },
  { format: 'uri', value: 'http:/[::1]', engine: false, ground: { docs: '`http:/[::1]`' } },
  { format: 'uri', value: 'http://[::ffff:01.2.3.4]', engine: false, ground: { docs: '`http://[::ffff:01.2.3.4]`' } },
];

const page = readFileSync(join(import.meta.dirname, '../../docs/formats-and-instants.md'), 'utf8');

function stockChecks() {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  return {
    'date-time': ajv.compile({ type: 'string', format: 'date-time' }),
    uri: ajv.compile({ type: 'string', format: 'uri' }),
  };
}

describe('ajv-formats against the engine format checkers', () => {
  const stock = stockChecks();
  const corpus = {
    'date-time': [
      ...DATE_TIME_NEAR_MISSES,
      ...allSuiteCases()
        .filter((c) => c.file === 'date-time')
        .map((c) => c.data),
    ],
    uri: [
      ...URI_NEAR_MISSES,
      ...allSuiteCases()
        .filter((c) => c.file === 'uri')
        .map((c) => c.data),
    ],
  };

  it('differ exactly where the list says, each difference with its ground', () => {
    const found: Difference[] = [];
    for (const format of ['date-time', 'uri'] as const) {
      const values = new Set([
        ...corpus[format].filter((v): v is string => typeof v === 'string'),
        ...DIFFERENCES.filter((d) => d.format === format).map((d) => d.value),
      ]);
      for (const value of values) {
        const engine = formats[format](value);
        if (engine !== stock[format](value)) found.push({ format, value, engine, ground: { docs: '' } });
      }
    }
    const key = (d: Difference) => `${d.format} ${JSON.stringify(d.value)} engine ${d.engine}`;
    expect(found.map(key).sort()).toEqual(DIFFERENCES.map(key).sort());
  });

  it.each(DIFFERENCES.map((d) => [`${d.format} ${JSON.stringify(d.value)}`, d] as const))(
    '%s: its ground holds',
    (_name, d) => {
      const { ground } = d;
      if ('docs' in ground) expect(page).toContain(ground.docs);
      else if ('suite' in ground)
        expect(allSuiteCases().filter((c) => c.data === d.value && c.description === ground.suite)).toEqual([
          expect.objectContaining({ valid: d.engine }),
        ]);
      else expect(ground.rfc).toMatch(/^RFC \d+ section [\d.]+ /);
    },
  );
});
