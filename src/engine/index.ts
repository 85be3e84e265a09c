/**
 * The engine's one entry (docs/seams.md, like hono's mod.ts and ajv's vocabulary index). The engine is pure
 * TypeScript over the standard's data: no framework, HTTP, filesystem or environment. Shells,
 * records, pages, the CLI and tests import from here only; files inside the engine are free to
 * move (a lint rule keeps everyone else at this door).
 */

// The seam with the HTTP shells: a parsed body in, an Outcome out.
export type { EngineAction, EngineContext, Failure, Outcome, Result } from './api.ts';

// POST /v1/validate and the CLI.
export { validateMessage, validateSummary } from './validate/pipeline.ts';
export { validateAction, parseValidateRequest, type ValidateFormat, type ValidateRequest } from './validate/action.ts';
export { memberTexts } from './request-texts.ts';
export { conformanceLevel, guardedLevel } from './validate/levels.ts';
export { unlistedNote } from './unlisted-note.ts';
export { ISSUE_LIST_LIMIT } from '../standard/limits.ts';
export { recordForm, resultArtifacts } from './validate/record.ts';
// What the bounded tally rests on, for its differential and property tests.
export { issueFlags } from './validate/issue-flags.ts';
export { comparePathParts, IssuePartsOrder } from './validate/issue-list.ts';
export { schemaIssues } from './validate/schema.ts';
export type {
  Normalization,
  NormalizationMode,
  ValidateOptions,
  ValidatorResult,
  ValidatorSummary,
} from './validate/types.ts';
export { canonicalForms, type CanonicalForms } from './validate/canonical-forms.ts';
export {
  DEFAULT_AUTOMATION_ID,
  FINGERPRINT,
  GITHUB_FINGERPRINT,
  sarifLog,
  sarifText,
  toSarif,
  SARIF_SCHEMA,
  type SarifArtifact,
  type SarifEntry,
  type SarifInput,
  type SarifLog,
  type SarifNotification,
  type SarifOptions,
  type SarifResult,
  type SarifRule,
} from './sarif.ts';
export { DEFAULT_ARTIFACT_URI } from './validate/action.ts';

// Where a JSON Pointer sits in the text it was parsed from (CLI regions, hosted SARIF, the playground).
export {
  indexJson,
  jsonErrorOffset,
  POSITION_LIMITS,
  type DuplicateMember,
  type JsonIndex,
  type SourceRange,
} from './json-positions.ts';
export { hasDuplicateMembers, repeatedMembers, topLevelMembers } from './duplicate-scan.ts';
export { parseJson } from './parse-json.ts';
export { sameUrl, targetPath } from './same-url.ts';
export { isCodeHelp } from './validate/rules-issue-items.ts';
export { keyedPointer, keylessPointer, type MappedPointer } from './keyless-pointer.ts';
export { sourceLocator } from './source-locator.ts';
export { childPath, pointerSegment, pointerSegments } from './pointer.ts';

// RFC 3339 instants, compared exactly (leap seconds, offsets, every fraction digit).
export {
  compareInstants,
  inFourDigitYears,
  instantOfDate,
  parseInstant,
  utcSecondText,
  type Instant,
} from './instant.ts';

// POST /v1/mock-exchange.
export { mockExchange, mockExchangeAction, MOCK_RESULT_KIND, type MockExchangeResult } from './mock-exchange/index.ts';
export { parseMockRequest, type MockFormat, type MockRequest } from './mock-exchange/request.ts';

// POST /v1/check-exchange and the test kit: the linkage rules of one exchange, and their fixtures.
export {
  checkExchange,
  checkExchangeAction,
  checkExchangeMessages,
  ConversationJudge,
  EXCHANGE_CHECK_KIND,
  MAX_REMEMBERED,
  parseCheckExchangeRequest,
  responseKind,
  httpDateMs,
  retryDelayMs,
  asksAgainLater,
  reusedIdMessage,
  reusedIdOf,
  sameTaskState,
  valueAt,
} from './exchange/index.ts';
export type {
  CheckExchangeRequest,
  CheckExchangeResult,
  ConversationFinding,
  ConversationStep,
  EarlierMessage,
  ExchangeCheck,
  VerdictCounts,
  ExchangeFinding,
  ExchangeInput,
  ExchangePair,
  ExchangeVerdict,
  MessageVerdict,
} from './exchange/index.ts';
export { exchangeFixtures, type ExchangePairFixture } from './exchange/fixtures.ts';

// The reference server of the HTTPS JSON binding (/v1/reference-server).
export {
  answerMessage,
  capabilityStatement,
  decodeTaskRef,
  encodeTaskRef,
  TASK_RUN_SECONDS,
  taskStatus,
  type ReferenceAnswer,
  type TaskStatusAnswer,
  type TaskTicket,
} from './reference-server/index.ts';

// The one serializer and checksum (CONTRACT section 3), keyless transport (section 5).
export {
  canonicalHash,
  canonicalJson,
  integrityForms,
  messageChecksum,
  seal,
  sealBuilt,
  sha256Hex,
  withoutIntegrity,
} from './canonical.ts';
export { constantForm, jcs, jcsForms, jcsFormsSetting, jcsWithout, type JcsForms } from './jcs.ts';
export {
  messageFromKeyless,
  messageToKeyless,
  objectFromKeylessByMap,
  objectToKeyless,
  type KeylessResult,
} from './keyless.ts';

// What records and the mock exchange both publish: sealed examples, order maps, fixtures.
export { EXAMPLE_CHECKED_AT, publishedExamples, type PublishedExample } from './artifacts/examples.ts';
export { compactFieldOrderMaps, type OrderMap } from './artifacts/order-maps.ts';
export { conformanceFixtures, type FixtureMode, type InvalidFixture, type ValidFixture } from './artifacts/fixtures.ts';

// Issues and the small helpers shells share with the engine.
export { compareIssues, issueLine, sortIssues, type Issue, type IssueDraft } from './issues.ts';
export { echo, isRecord, jsonType, MAX_DEPTH, MAX_PATH_CHARS, nestingFault, shown, type JsonObject } from './json.ts';
export { isoSeconds } from './time.ts';

// Package URLs (purl): how a client names itself in its kit result and in the report of implementations.
export {
  formatPackageUrl,
  MAX_PURL_LENGTH,
  parsePackageUrl,
  parseReleasePackageUrl,
  type PackageUrl,
  type PackageUrlRead,
} from './package-url.ts';
