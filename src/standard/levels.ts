import { CONFORMANCE_LEVEL_IDS } from './value-sets.ts';

/** The conformance ladder (CONTRACT section 7). Each level includes the ones below it. */
export type ConformanceLevelId = (typeof CONFORMANCE_LEVEL_IDS)[number];

export interface ConformanceLevel {
  readonly id: ConformanceLevelId;
  readonly name: string;
  readonly claim: string;
  readonly checks: readonly string[];
}

/** The rungs, lowest first: all the engine reads of the ladder. */
export const LEVEL_IDS: readonly ConformanceLevelId[] = CONFORMANCE_LEVEL_IDS;

const LEVEL_TEXTS: { readonly [L in ConformanceLevelId]: Omit<ConformanceLevel, 'id'> } = {
  L0: {
    name: 'parseable',
    claim: 'The input is a JSON object, or a keyless array that normalizes to one.',
    checks: [
      'JSON object (keyed) or keyless array matching the order maps',
      'nesting within 64 levels',
      'RFC 8785 canonical form exists',
    ],
  },
  L1: {
    name: 'envelope',
    claim: 'The envelope matches its schema, uai_version is 1.0 and the profile is known and current.',
    checks: ['envelope schema', 'uai_version', 'known, current profile', 'registered key spellings'],
  },
  L2: {
    name: 'profile',
    claim: 'The body matches its profile schema and the profile rules hold.',
    checks: [
      'body schema',
      'conversation linkage',
      'extensions',
      'task_ref rules',
      'task state fields',
      'conformance counts',
      'published error codes',
    ],
  },
  L3: {
    name: 'integrity',
    claim: 'The checksum is right and identifiers, DIDs and trace context are well formed.',
    checks: ['integrity parameters', 'checksum', 'DID syntax', 'W3C Trace Context'],
  },
  L4: {
    name: 'exchange-ready',
    claim: 'L3 with zero warnings; for a request, the mock exchange would accept it.',
    checks: ['no warnings', 'registered profiles named by a request'],
  },
};

// Pure: a bundle that reads only the ids (every function) carries none of the prose.
export const CONFORMANCE_LEVELS: readonly ConformanceLevel[] = /* @__PURE__ */ LEVEL_IDS.map((id) => ({
  id,
  name: LEVEL_TEXTS[id].name,
  claim: LEVEL_TEXTS[id].claim,
  checks: LEVEL_TEXTS[id].checks,
}));

/**
 * The highest level below every broken one (each level includes the ones below it), or null when
 * L0 itself is broken: the message, or the implementation, reaches no rung.
 */
export function levelBelow(broken: Iterable<ConformanceLevelId>): ConformanceLevelId | null {
  let lowest = LEVEL_IDS.length;
  for (const level of broken) lowest = Math.min(lowest, LEVEL_IDS.indexOf(level));
  return lowest === 0 ? null : LEVEL_IDS[lowest - 1]!;
}
