/**
 * The public report of implementations: each entry is a sealed uai.conformance.result.v1 message
 * the kit produced about an implementation, with a small metadata file. verifyEntry holds an entry
 * to what makes it trustworthy (the message validates with 0 errors, checksum included; a published
 * kit release made it; it names only published checks; its target is the one the metadata names)
 * and derives what the report shows (per-check verdicts, level, counts, age). A broken entry throws
 * an EntryError naming the file and the reason, which fails the build.
 */
import {
  isRecord,
  issueLine,
  jcs,
  parseJson as parseJsonText,
  parseReleasePackageUrl,
  validateMessage,
} from '../engine/index.ts';
import {
  IMPLEMENTATION_SIDES,
  KIT_RELEASES,
  KIT_SOURCE_ID,
  LEVEL_DENIED_BY_CATEGORY,
  LEVEL_DENIED_BY_CHECK,
  NON_FAILING_STATUSES,
  STALE_AFTER_DAYS,
  type ImplementationSide,
} from '../standard/implementations.ts';
import { TEST_CHECKS, type KitCheck } from '../standard/kit-checks.ts';
import { levelBelow, type ConformanceLevelId } from '../standard/levels.ts';
import { notPublicHttps } from '../standard/public-address.ts';
import { RELEASE } from '../standard/release.ts';
import { links, pageUrl, type Site } from '../standard/urls.ts';
import { generatedAt, recordHeader, type RecordContext } from './context.ts';

/** The files of one entry as read from its folder (or produced at build, for the reference server). */
export interface EntryFiles {
  /** Folder name: the entry's stable id in URLs. */
  readonly slug: string;
  /** Repository-relative folder, for messages (e.g. implementations/acme-agent). */
  readonly dir: string;
  /** result.json, as submitted: served byte for byte. */
  readonly result: Uint8Array;
  /** meta.json text. */
  readonly meta: string;
  /** report.json text (the kit's `--format json` report), when the entry has one. */
  readonly report?: string;
  /**
   * The build runs the kit for this entry itself, on every build (the reference server's entry), so
   * its target need not be public: the build is its re-check.
   */
  readonly rerunByBuild?: boolean;
}

export class EntryError extends Error {
  readonly file: string;
  readonly reason: string;
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'EntryError';
    this.file = file;
    this.reason = reason;
  }
}

export interface EntryMeta {
  readonly name: string;
  readonly side: ImplementationSide;
  /** The target the result is about: its target.id (the endpoint tested, for a server). */
  readonly target: string;
  readonly language: string;
  readonly homepage: string;
  /** Source repository; absent for closed source. */
  readonly repository?: string;
  /** Check ids the owner knows fail (the kit's baseline). */
  readonly expected_failures: readonly string[];
}

export interface EntryVerdict {
  readonly check: string;
  readonly category: string;
  readonly severity: 'must' | 'should';
  /** pass, skip, fail, or any other status a kit release reports (every status but pass and skip fails). */
  readonly status: string;
  readonly evidence: readonly string[];
}

export interface VerifiedEntry {
  readonly slug: string;
  readonly meta: EntryMeta;
  readonly resultBytes: Uint8Array;
  readonly messageId: string;
  readonly release: string;
  readonly status: 'pass' | 'fail';
  readonly checkedAt: string;
  readonly ageDays: number;
  readonly stale: boolean;
  /** null: not even L0. */
  readonly level: ConformanceLevelId | null;
  /** Where the per-check statuses come from: the sealed result alone, or the kit's report agreeing with it. */
  readonly verdictSource: 'result' | 'report';
  readonly verdicts: readonly EntryVerdict[];
}

/** The members of a valid uai.conformance.result.v1 the report reads. */
interface ResultShape {
  readonly profile: string;
  readonly message_id: string;
  readonly source?: { readonly id?: string; readonly implementation?: string };
  readonly target?: { readonly id?: string };
  readonly body: {
    readonly status: 'pass' | 'fail';
    readonly issues: readonly { readonly code: string; readonly message: string }[];
    readonly summary: { readonly checked_at: string };
  };
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Folder names the report's own pages use. */
const RESERVED_SLUGS = new Set(['index', 'badges']);
const DAY_MS = 24 * 3600 * 1000;
/** A result may be a few minutes ahead of the build's clock, not more. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The published checks of one side, in published order (both sides: the error registry's test_checks). */
export const checksOfSide = (side: ImplementationSide): readonly KitCheck[] =>
  TEST_CHECKS.filter((c) => c.side === side);
const PUBLISHED = new Map<string, KitCheck>(TEST_CHECKS.map((c) => [c.id, c]));

const evidenceOf = (issues: readonly { readonly code: string; readonly message: string }[], id: string) =>
  issues.filter((i) => i.code === id).map((i) => i.message);

export const isFailing = (status: string): boolean => !NON_FAILING_STATUSES.has(status);

function parseJson(file: string, text: string): unknown {
  try {
    return parseJsonText(text);
  } catch (error) {
    throw new EntryError(file, `is not JSON (${(error as Error).message})`);
  }
}

const httpUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v) && URL.canParse(v);

function readMeta(file: string, text: string): EntryMeta {
  const meta = parseJson(file, text);
  if (!isRecord(meta)) throw new EntryError(file, 'must be a JSON object');
  for (const key of ['name', 'target', 'language'] as const)
    if (typeof meta[key] !== 'string' || !(meta[key] as string).trim())
      throw new EntryError(file, `"${key}" must be a non-empty string`);
  if (!IMPLEMENTATION_SIDES.includes(meta.side as ImplementationSide))
    throw new EntryError(file, `"side" must be one of ${IMPLEMENTATION_SIDES.join(', ')}`);
  if (!httpUrl(meta.homepage)) throw new EntryError(file, '"homepage" must be an absolute http(s) URL');
  if (meta.repository !== undefined && !httpUrl(meta.repository))
    throw new EntryError(file, '"repository" must be an absolute http(s) URL when given');
  const expected = meta.expected_failures ?? [];
  if (!Array.isArray(expected) || !expected.every((id) => typeof id === 'string'))
    throw new EntryError(file, '"expected_failures" must be an array of check ids');
  const unknown = expected.filter((id) => !PUBLISHED.has(id));
  if (unknown.length) throw new EntryError(file, `"expected_failures" names unpublished checks: ${unknown.join(', ')}`);
  return {
    name: meta.name as string,
    side: meta.side as ImplementationSide,
    target: meta.target as string,
    language: meta.language as string,
    homepage: meta.homepage as string,
    ...(meta.repository !== undefined ? { repository: meta.repository as string } : {}),
    expected_failures: expected as string[],
  };
}

/**
 * A listed server must be one anyone can re-check: its target is a public https endpoint. A
 * loopback, private or link-local address, a name only a local network resolves, or plain http is
 * refused, not listed apart: a result nobody else can reproduce is not evidence (docs/implementations.md).
 */
function requirePublicTarget(file: string, target: string): void {
  const reason = notPublicHttps(target);
  if (reason)
    throw new EntryError(
      file,
      `"target" ${target} ${reason}: a server entry needs a public https endpoint anyone can run the kit against`,
    );
}

/**
 * The level the verdicts reach: the highest level below every level a failing must check denies;
 * L4 also needs every should check to pass.
 */
export function levelOf(verdicts: readonly EntryVerdict[]): ConformanceLevelId | null {
  return levelBelow(
    verdicts
      .filter((v) => isFailing(v.status))
      .map((v) =>
        v.severity === 'should'
          ? 'L4'
          : (LEVEL_DENIED_BY_CHECK[v.check] ?? LEVEL_DENIED_BY_CATEGORY[v.category] ?? 'L0'),
      ),
  );
}

/** Per-check statuses from the kit's report, held to agree with the sealed result. */
function verdictsFromReport(
  file: string,
  text: string,
  message: unknown,
  issues: readonly { readonly code: string; readonly message: string }[],
  failedIds: ReadonlySet<string>,
  checks: readonly KitCheck[],
): EntryVerdict[] {
  const report = parseJson(file, text);
  if (!isRecord(report) || !Array.isArray(report.checks))
    throw new EntryError(file, 'is not a kit report (uai test --format json)');
  if (jcs(report.result_message) !== jcs(message))
    throw new EntryError(file, 'its result_message is not the sealed result of result.json');
  const statuses = new Map<string, { status: string; evidence: string[] }>();
  for (const c of report.checks) {
    if (!isRecord(c) || typeof c.id !== 'string' || typeof c.status !== 'string')
      throw new EntryError(file, 'every check needs an id and a status');
    const evidence = Array.isArray(c.evidence) ? c.evidence.filter((e): e is string => typeof e === 'string') : [];
    statuses.set(c.id, { status: c.status, evidence });
  }
  const disagree = checks
    .filter((c) => statuses.has(c.id) && isFailing(statuses.get(c.id)!.status) !== failedIds.has(c.id))
    .map((c) => c.id);
  if (disagree.length) throw new EntryError(file, `disagrees with the sealed result about: ${disagree.join(', ')}`);
  // A check the report leaves out (a run with --only) is not shown, unless the sealed result lists it.
  return checks
    .filter((c) => statuses.has(c.id) || failedIds.has(c.id))
    .map((c) => ({
      check: c.id,
      category: c.category,
      severity: c.severity,
      ...(statuses.get(c.id) ?? { status: 'fail', evidence: evidenceOf(issues, c.id) }),
    }));
}

/**
 * `previewLocalTarget`: a preview of an entry run against a server on the implementer's own
 * machine (`uai check-entry --local`), every rule held but the public target's. The build never sets it.
 */
export interface VerifyContext {
  readonly site: Site;
  readonly now: Date;
  readonly previewLocalTarget?: boolean;
}

export function verifyEntry(files: EntryFiles, ctx: VerifyContext): VerifiedEntry {
  const resultFile = `${files.dir}/result.json`;
  if (!SLUG_PATTERN.test(files.slug) || RESERVED_SLUGS.has(files.slug))
    throw new EntryError(files.dir, 'the folder name must be lower-case letters, digits and inner hyphens');
  const meta = readMeta(`${files.dir}/meta.json`, files.meta);
  if (meta.side === 'server' && !files.rerunByBuild && !ctx.previewLocalTarget)
    requirePublicTarget(`${files.dir}/meta.json`, meta.target);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(files.result);
  } catch {
    throw new EntryError(resultFile, 'is not UTF-8 text');
  }
  const message = parseJson(resultFile, text);
  const validation = validateMessage(message, { mode: 'keyed-json', site: ctx.site, now: ctx.now, text });
  if (validation.errors.length) {
    const first = validation.errors[0]!;
    throw new EntryError(
      resultFile,
      `does not validate: ${issueLine(first)}` +
        (validation.errors.length > 1 ? ` (and ${validation.errors.length - 1} more errors)` : ''),
    );
  }
  // Valid with 0 errors: the members the profile requires are there.
  const m = message as ResultShape;
  if (m.profile !== 'uai.conformance.result.v1')
    throw new EntryError(resultFile, `is a ${String(m.profile)} message, not a uai.conformance.result.v1`);
  const release = m.source?.implementation ?? '';
  if (m.source?.id !== KIT_SOURCE_ID || !KIT_RELEASES.includes(release))
    throw new EntryError(
      resultFile,
      `was not produced by a published kit release (source ${String(m.source?.id)}, ${String(release)}; published: ${KIT_RELEASES.join(', ')})`,
    );
  if (m.target?.id !== meta.target)
    throw new EntryError(resultFile, `is about ${String(m.target?.id)}, but meta.json names the target ${meta.target}`);
  const issues = m.body.issues;
  const unpublished = issues.map((i) => i.code).filter((code) => !PUBLISHED.has(code));
  if (unpublished.length)
    throw new EntryError(resultFile, `names checks the kit does not publish: ${[...new Set(unpublished)].join(', ')}`);
  const checkedAt = m.body.summary.checked_at;
  const age = ctx.now.getTime() - Date.parse(checkedAt);
  if (age < -CLOCK_SKEW_MS) throw new EntryError(resultFile, `was checked at ${checkedAt}, after this build`);

  const checks = checksOfSide(meta.side);
  const failedIds = new Set(issues.map((i) => i.code));
  const wrongSide = [...failedIds].filter((id) => !checks.some((c) => c.id === id));
  if (wrongSide.length)
    throw new EntryError(resultFile, `names checks of another side than ${meta.side}: ${wrongSide.join(', ')}`);
  if (meta.side === 'client') requireClientPackageUrl(resultFile, meta.target);
  const verdicts = files.report
    ? verdictsFromReport(`${files.dir}/report.json`, files.report, message, issues, failedIds, checks)
    : checks.map((c) => ({
        check: c.id,
        category: c.category,
        severity: c.severity,
        // The sealed result lists failures only: every other published check passed.
        status: failedIds.has(c.id) ? 'fail' : 'pass',
        evidence: evidenceOf(issues, c.id),
      }));
  const ageDays = Math.max(0, Math.floor(age / DAY_MS));
  return {
    slug: files.slug,
    meta,
    resultBytes: files.result,
    messageId: m.message_id,
    release,
    status: m.body.status,
    checkedAt,
    ageDays,
    stale: ageDays > STALE_AFTER_DAYS,
    level: levelOf(verdicts),
    verdictSource: files.report ? 'report' : 'result',
    verdicts,
  };
}

/**
 * A client is listed by the name others can look it up by: its package URL with a version, as the
 * client kit's sealed result names its target (`uai test-client --purl`), in the canonical form the
 * kit writes. Its result's target already equals the metadata's target; a local command line, an
 * unnamed client or a purl without a version is refused.
 */
function requireClientPackageUrl(file: string, target: string): void {
  const read = parseReleasePackageUrl(target);
  if (!read.ok)
    throw new EntryError(
      file,
      `is about the client ${target}, which is not a package URL with a version: ${read.error}`,
    );
  if (read.canonical !== target)
    throw new EntryError(file, `names the client ${target}; write its package URL as the kit does: ${read.canonical}`);
}

/** Verifies every entry; the first broken one fails the whole report (and the build). */
export function verifyEntries(entries: readonly EntryFiles[], ctx: { site: Site; now: Date }): VerifiedEntry[] {
  const seen = new Set<string>();
  return entries.map((files) => {
    if (seen.has(files.slug)) throw new EntryError(files.dir, 'two entries have this folder name');
    seen.add(files.slug);
    return verifyEntry(files, ctx);
  });
}

/** Stable public paths of an entry's files and page. */
export const entryPaths = (slug: string) => ({
  page: `/implementations/${slug}/`,
  result: `/implementations/${slug}/result.json`,
  badgeSvg: `/implementations/${slug}/badge.svg`,
  badgeJson: `/implementations/${slug}/badge.json`,
});

/** The counts the report and the badge show. */
export function entryCounts(entry: VerifiedEntry) {
  const count = (severity: 'must' | 'should', failing: boolean) =>
    entry.verdicts.filter((v) => v.severity === severity && v.status !== 'skip' && isFailing(v.status) === failing)
      .length;
  return {
    must_pass: count('must', false),
    must_fail: count('must', true),
    should_pass: count('should', false),
    should_fail: count('should', true),
    skip: entry.verdicts.filter((v) => v.status === 'skip').length,
  };
}

export function implementationsRecord(ctx: RecordContext, entries: readonly VerifiedEntry[]) {
  const l = links(ctx.site);
  const sides = [...new Set(entries.map((e) => e.meta.side))];
  return {
    ...recordHeader(ctx, 'implementations', '/implementations/'),
    ...generatedAt(ctx),
    policy: `Every entry is a sealed uai.conformance.result.v1 message the ${RELEASE} test kit produced about an implementation, verified at build: it validates with 0 errors (checksum included), a published kit release made it, it names only published checks, and its target is the one its metadata names. A result checked more than ${STALE_AFTER_DAYS} days before the build is marked stale.`,
    how_to_get_listed_url: pageUrl(ctx.site, '/get-listed/'),
    stale_after_days: STALE_AFTER_DAYS,
    count: entries.length,
    checks: sides.flatMap((side) =>
      checksOfSide(side).map((c) => ({
        id: c.id,
        side,
        category: c.category,
        severity: c.severity,
        title: c.title,
        help_url: l.codeHelp(c.id),
      })),
    ),
    implementations: entries.map((e) => {
      const p = entryPaths(e.slug);
      const listed = new Set(e.meta.expected_failures);
      const failing = e.verdicts.filter((v) => isFailing(v.status));
      // As the kit's baseline: a failing must check not listed is a regression; a listed check that passes is stale.
      return {
        id: e.slug,
        name: e.meta.name,
        side: e.meta.side,
        language: e.meta.language,
        homepage: e.meta.homepage,
        repository: e.meta.repository ?? null,
        target: e.meta.target,
        html_url: pageUrl(ctx.site, p.page),
        release: e.release,
        result_status: e.status,
        level: e.level,
        counts: entryCounts(e),
        checked_at: e.checkedAt,
        age_days: e.ageDays,
        stale: e.stale,
        verdict_source: e.verdictSource,
        baseline: {
          expected_failures: e.meta.expected_failures,
          regressions: failing.filter((v) => v.severity === 'must' && !listed.has(v.check)).map((v) => v.check),
          stale: [...listed].filter((id) => !failing.some((v) => v.check === id)),
        },
        result_message_id: e.messageId,
        result_url: pageUrl(ctx.site, p.result),
        badge_svg_url: pageUrl(ctx.site, p.badgeSvg),
        badge_json_url: pageUrl(ctx.site, p.badgeJson),
        verdicts: e.verdicts.map((v) => ({
          check: v.check,
          severity: v.severity,
          status: v.status,
          evidence: v.evidence,
        })),
      };
    }),
  };
}

export type ImplementationsRecord = ReturnType<typeof implementationsRecord>;
