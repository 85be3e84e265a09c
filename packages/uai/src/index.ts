/**
 * The library entry of the published package (`import ... from '@uai-1/uai'`): the engine, the
 * exchange check and the test kit, re-exported from the repository's own entries (src/engine,
 * src/kit), plus the few defaults a caller outside this repository needs. Nothing here
 * re-implements a rule: the package is built from the same sources as the service and the CLI.
 */
import {
  checkExchangeMessages,
  messageChecksum,
  seal as sealRecord,
  validateMessage,
  type CheckExchangeResult,
  type NormalizationMode,
  type ValidatorResult,
} from '../../../src/engine/index.ts';
import { inputFromText } from '../../../src/cli/input.ts';
import { DEFAULT_ORIGIN, siteFor, type Site } from '../../../src/standard/urls.ts';
import { PACKAGE_ORIGIN } from '../../../src/cli/package-origin.ts';
import type { Integrity } from './types.ts';

export {
  canonicalJson,
  checkExchange,
  checkExchangeMessages,
  conformanceFixtures,
  messageChecksum,
  messageFromKeyless,
  messageToKeyless,
  publishedExamples,
  sourceLocator,
  toSarif,
  sarifLog,
} from '../../../src/engine/index.ts';
export type {
  CheckExchangeResult,
  ExchangeInput,
  ExchangeVerdict,
  Issue,
  KeylessResult,
  MessageVerdict,
  Normalization,
  NormalizationMode,
  SarifArtifact,
  SarifEntry,
  SarifInput,
  SarifLog,
  SarifNotification,
  SarifOptions,
  SarifResult,
  SarifRule,
  ValidateOptions,
  ValidatorResult,
  VerdictCounts,
} from '../../../src/engine/index.ts';
export {
  DEFAULT_LIMITS,
  KIT_REPORT_KIND,
  kitHttp,
  parseBaseline,
  testImplementation,
  type Baseline,
  type KitOptions,
  type KitReport,
  type KitVerdict,
  type Limits,
} from '../../../src/kit/index.ts';
export {
  ERROR_CODES,
  ISSUE_CODES,
  type ErrorCode,
  type ErrorCodeId,
  type IssueCode,
  type IssueCodeId,
} from '../../../src/standard/codes.ts';
export type { ErrorCodeShape, IssueCodeShape } from '../../../src/standard/code-shapes.ts';
export { KIT_CHECKS, TEST_CHECKS } from '../../../src/standard/kit-checks.ts';
export { PROFILE_IDS, type ProfileId } from '../../../src/standard/profiles.ts';
export { RELEASE, UAI_VERSION } from '../../../src/standard/release.ts';
export type { ConformanceLevelId } from '../../../src/standard/levels.ts';
export { DEFAULT_ORIGIN, PACKAGE_ORIGIN, siteFor, type Site };
import { originOf } from '../../../src/cli/args.ts';
import { main, type Io } from '../../../src/cli/main.ts';
/** `uai` in process: its arguments, and the Io it reads and writes through (default the process's). */
export const runCli = (argv: readonly string[], io?: Io): Promise<number> => main(argv, io);

/** Options of validate() and validateText(): every member has the CLI's default. */
export interface CheckOptions {
  readonly mode?: NormalizationMode;
  /**
   * Public origin of the result's URLs and the rules' help URIs (the CLI's --origin); default
   * PACKAGE_ORIGIN. A value that is more than an origin (a path, a query, credentials) is a TypeError.
   */
  readonly origin?: string;
  readonly now?: Date;
}

/** The site of an origin as the CLI's --origin takes it: an origin alone, or a TypeError saying so. */
function siteOfOrigin(origin: string | undefined): Site {
  if (origin === undefined) return siteFor(PACKAGE_ORIGIN);
  const plain = originOf(origin);
  if (!plain)
    throw new TypeError(`origin needs an origin such as https://uai.example.org, not ${JSON.stringify(origin)}`);
  return siteFor(plain);
}

/**
 * The site and clock of a check, or a TypeError saying which option is wrong: a caller writing
 * JavaScript has no compiler to refuse `mode: 'keyed'`, and a mode the engine does not know must not
 * be read as another (it would pass a message unchecked in the form the caller meant).
 */
function settings(options: CheckOptions): { site: Site; now: Date } {
  if (options.mode !== undefined && options.mode !== 'keyed-json' && options.mode !== 'keyless-json')
    throw new TypeError(`mode is keyed-json or keyless-json, not ${JSON.stringify(options.mode)}`);
  if (options.now !== undefined && !(options.now instanceof Date && Number.isFinite(options.now.getTime())))
    throw new TypeError(`now needs a valid Date, not ${String(options.now)}`);
  return { site: siteOfOrigin(options.origin), now: options.now ?? new Date() };
}

/** Validates a parsed message (keyed object, or keyless array with mode 'keyless-json'). */
export function validate(message: unknown, options: CheckOptions = {}): ValidatorResult {
  return validateMessage(message, { mode: options.mode ?? 'keyed-json', ...settings(options) });
}

/**
 * Validates JSON text the way `uai validate` reads a file: a bare message or a validate request
 * wrapper, duplicate member names included (they exist only in text). Text that is not JSON, or
 * a wrapper whose message or normalization_mode POST /v1/validate would refuse, is a thrown
 * TypeError with the CLI's message. A wrapper's format and artifact_uri choose the route's answer,
 * not the check, so they are not read (the CLI's own options choose its output).
 */
export function validateText(text: string, options: CheckOptions = {}): ValidatorResult {
  const checked = settings(options);
  const input = inputFromText('text', text, options.mode);
  if (!input.ok) throw new TypeError(input.error);
  return validateMessage(input.message, { mode: input.mode, text: input.messageText, ...checked });
}

/**
 * The message with a correct integrity block (version 2, sha256 over its RFC 8785 form without
 * integrity); an existing integrity member keeps its position. Typed messages (`@uai-1/uai/types`) go in and out.
 */
export function seal<T extends object>(message: T): T & { integrity: Integrity } {
  return sealRecord(message as Record<string, unknown>) as T & { integrity: Integrity };
}

/** True when integrity.checksum is the sha256 of the message's canonical form without integrity. */
export function verifyChecksum(message: object): boolean {
  const record = message as Record<string, unknown>;
  const integrity = record.integrity as { checksum?: unknown } | undefined;
  try {
    return typeof integrity?.checksum === 'string' && integrity.checksum === messageChecksum(record);
  } catch {
    // A value with no canonical form (a number JSON cannot hold, a cycle) has no checksum to match.
    return false;
  }
}

/** Options of checkExchangePair(): the HTTP status the answer came with, the previous message of a task. */
export interface PairOptions extends CheckOptions {
  readonly httpStatus?: number;
  readonly previous?: unknown;
}

/** Validates both messages of one exchange and checks its linkage rules (what `uai check-exchange` does). */
export function checkExchangePair(request: unknown, response: unknown, options: PairOptions = {}): CheckExchangeResult {
  const { site, now } = settings(options);
  return checkExchangeMessages(
    {
      request,
      response,
      mode: options.mode ?? 'keyed-json',
      ...(options.httpStatus !== undefined ? { httpStatus: options.httpStatus } : {}),
      ...(options.previous !== undefined ? { previous: options.previous } : {}),
    },
    { site, now: () => now },
  );
}
