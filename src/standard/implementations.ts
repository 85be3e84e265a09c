/**
 * The rules of the public report of implementations (GET /v1/implementations): which kit releases
 * are accepted, when a result is stale, and how the verdicts of the kit place an implementation on
 * the conformance ladder (CONTRACT section 7). Data only; the report is built in
 * src/records/implementations.ts.
 */
import { RELEASE, UAI_VERSION } from './release.ts';
import type { ConformanceLevelId } from './levels.ts';
import type { KitCategory } from './kit-checks.ts';

/** A result older than this (days between its checked_at and the build) is marked stale, never hidden. */
export const STALE_AFTER_DAYS = 90;

/** The sides a kit result can be about: a server (`uai test`) or a client (`uai test-client`). */
export const IMPLEMENTATION_SIDES = ['server', 'client'] as const;
export type ImplementationSide = (typeof IMPLEMENTATION_SIDES)[number];

/** The party a kit result names as its source, and the kit releases whose results are accepted. */
export const KIT_SOURCE_ID = 'uai-test-kit';
/**
 * The kit's revision, after the format version in the source.implementation of what it sends and
 * seals: raised whenever a kit could seal a result its successor would refuse to, so that the
 * report lists results of the current revision only. Revision 2: `--only`, a partial `--scenario`
 * and a `--capability` on another origin no longer seal a result (a sealed result lists failures
 * only, so each made checks never run, or run against another server, read as passed).
 */
export const KIT_REVISION = 2;
export const KIT_IMPLEMENTATION = `${KIT_SOURCE_ID}/${UAI_VERSION}-r${KIT_REVISION}`;
export const KIT_RELEASES: readonly string[] = [KIT_IMPLEMENTATION];
export const REPORT_RELEASE = RELEASE;

/** Verdict statuses that are not failures; any other status (fail, not_exercised, ...) fails. */
export const NON_FAILING_STATUSES: ReadonlySet<string> = new Set(['pass', 'skip']);

/**
 * The lowest level a failing `must` check denies. An implementation reaches the highest level no
 * failing check denies; L4 (exchange-ready: no warnings) also needs every `should` check to pass.
 * Checks the kit cannot attribute more precisely deny the lowest level they may concern, so the
 * report never claims more than the result shows: message.valid covers envelope, body and checksum
 * errors alike, so it denies L1.
 */
export const LEVEL_DENIED_BY_CHECK: Readonly<Record<string, ConformanceLevelId>> = {
  // Nothing parseable came back, or it was not JSON: not even L0.
  'capability.reachable': 'L0',
  'message.media_type': 'L0',
  'hostile.malformed_json': 'L0',
  'hostile.too_deep': 'L0',
  'hostile.media_type': 'L0',
  // Envelope rules: version, known profile, registered key spellings, any message error.
  'capability.valid': 'L1',
  'message.valid': 'L1',
  'hostile.version_unsupported': 'L1',
  'hostile.profile_unknown': 'L1',
  'hostile.alias_key': 'L1',
  // Integrity: a request with a wrong checksum must be refused.
  'hostile.checksum_mismatch': 'L3',
};

/** For checks the table above does not name (the exchange rules, task polling, later checks), by category. */
export const LEVEL_DENIED_BY_CATEGORY: Readonly<Record<KitCategory | string, ConformanceLevelId>> = {
  capability: 'L2',
  message: 'L2',
  // Profile rules of L2: conversation linkage, task_ref rules, task states, published error codes.
  exchange: 'L2',
  task: 'L2',
  hostile: 'L1',
};
