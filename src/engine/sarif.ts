import { ISSUE_CODES, type IssueCodeId } from '../standard/codes.ts';
import type { IssueCodeShape } from '../standard/code-shapes.ts';
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { links, pageUrl, type Site } from '../standard/urls.ts';
import { sha256Hex } from './canonical.ts';
import { sortIssues, type Issue } from './issues.ts';
import { unlistedNote } from './unlisted-note.ts';
import type { SourceRange } from './json-positions.ts';

/**
 * Validator results as a SARIF 2.1.0 log (OASIS SARIF 2.1.0), in the subset GitHub code scanning
 * documents (docs.github.com, "SARIF support for code scanning"): one rule per published issue
 * code with its helpUri; per result a physicalLocation with a region when the checked text is at
 * hand (columns in UTF-16 code units, endColumn exclusive, section 3.30), the JSON Pointer as a
 * logical location, and a partialFingerprint that does not move when lines do.
 */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The fingerprint's name and version: the issue code and JSON Pointer, hashed (not the line). */
export const FINGERPRINT = 'uaiIssuePointer/v1';
/**
 * The one partial fingerprint GitHub code scanning reads ("Code scanning only uses the
 * primaryLocationLineHash"), which only github/codeql-action fills in when a log lacks it: a log
 * uploaded through the REST API without it gets an alert per line it moves to. It carries the same
 * value as FINGERPRINT, so an alert follows its member, not its line, whichever way it is uploaded.
 */
export const GITHUB_FINGERPRINT = 'primaryLocationLineHash';
export const DEFAULT_AUTOMATION_ID = 'uai-validate/';

/**
 * A plain text message (SARIF 2.1.0 section 3.11.6): "[text](target)" in it is an embedded link,
 * which viewers render (GitHub code scanning among them), and the messages quote member names,
 * values and file names a message's author chose. Every backslash and square bracket is escaped
 * with a backslash: the escape 3.11.6 defines for link text, which the SARIF TC has since agreed
 * a producer may use anywhere in a message and should where text could read as a link (CodeQL
 * writes its messages so). No run of the text then parses as a link, and a viewer that drops the
 * escapes shows the text as it was. The log puts no link of its own in any message.
 */
export const sarifText = (text: string): string => text.replace(/[\\[\]]/g, '\\$&');

export interface SarifInput {
  readonly errors: readonly Issue[];
  readonly warnings: readonly Issue[];
  readonly profile?: string | null;
  /** Set when the lists were cut at the issue limit: the log then says how many were left out. */
  readonly issue_count?: number;
  readonly issues_listed?: number;
}

/** The checked file: its URI (relative to uriBaseId when given) and the region of a pointer in it. */
export interface SarifArtifact {
  readonly uri: string;
  readonly uriBaseId?: string;
  readonly locate?: (pointer: string) => SourceRange | undefined;
}

export interface SarifEntry {
  readonly input: SarifInput;
  readonly artifact?: SarifArtifact;
}

export interface SarifNotification {
  readonly uri: string;
  readonly uriBaseId?: string;
  readonly message: string;
}

export interface SarifOptions {
  /** runs[0].automationDetails.id (GitHub: the category of the analysis, "category/run"). */
  readonly automationId?: string;
  /** Files that could not be checked: error notifications, and executionSuccessful false. */
  readonly notifications?: readonly SarifNotification[];
}

/** The log's types, named: the package's declarations then say them once instead of spelling each out where it is used. */
type Text = { text: string };

/**
 * A rule's name: SARIF 2.1.0 section 3.49.7 gives a rule an end-user identifier beside its stable
 * id, and a tool "must omit" a name equal to the id (SARIF Multitool, SARIF1001); its guidance
 * writes names in PascalCase (SARIF2012).
 */
export const ruleName = (code: string): string =>
  code.replace(/(?:^|[._])([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

export interface SarifRule {
  id: IssueCodeId;
  /** The code in PascalCase (integrity.checksum_mismatch: IntegrityChecksumMismatch). */
  name: string;
  shortDescription: Text;
  fullDescription: Text;
  help: Text;
  helpUri: string;
  defaultConfiguration: { level: IssueCodeShape['severity'] };
  properties: { conformanceLevel: IssueCodeShape['level'] };
}

export interface SarifResult {
  ruleId: IssueCodeId;
  ruleIndex: number;
  level: IssueCodeShape['severity'];
  message: Text;
  locations: Record<string, unknown>[];
  partialFingerprints: { [FINGERPRINT]: string; [GITHUB_FINGERPRINT]: string };
  properties: Record<string, unknown>;
}

export interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; informationUri: string; version: string; rules: SarifRule[] } };
    automationDetails: { id: string };
    columnKind: string;
    invocations: Record<string, unknown>[];
    results: SarifResult[];
    properties: { profile: string | null; validateUrl: string };
  }[];
}

const ruleIndex = new Map(ISSUE_CODES.map((c, i) => [c.code, i]));
const artifactLocation = (a: { uri: string; uriBaseId?: string }) =>
  a.uriBaseId ? { uri: a.uri, uriBaseId: a.uriBaseId } : { uri: a.uri };

function region(range: SourceRange | undefined) {
  // A result without a known range still names line 1, which GitHub requires (region.startLine).
  if (!range) return { startLine: 1, startColumn: 1 };
  const { startLine, startColumn, endLine, endColumn, startOffset, endOffset } = range;
  return { startLine, startColumn, endLine, endColumn, charOffset: startOffset, charLength: endOffset - startOffset };
}

function result(issue: Issue, artifact: SarifArtifact | undefined): SarifResult {
  const location: Record<string, unknown> = {};
  if (artifact)
    location.physicalLocation = {
      artifactLocation: artifactLocation(artifact),
      region: region(artifact.locate?.(issue.path)),
    };
  location.logicalLocations = [{ fullyQualifiedName: issue.path === '' ? '/' : issue.path, kind: 'member' }];
  location.properties = { jsonPointer: issue.path };
  const properties: Record<string, unknown> = { jsonPointer: issue.path, helpUri: issue.help_url };
  if (issue.keyword !== undefined) properties.keyword = issue.keyword;
  if (issue.expected !== undefined) properties.expected = issue.expected;
  if (issue.actual !== undefined) properties.actual = issue.actual;
  return {
    ruleId: issue.code,
    ruleIndex: ruleIndex.get(issue.code) ?? -1,
    level: issue.severity,
    message: { text: sarifText(issue.message) },
    locations: [location],
    partialFingerprints: fingerprints(sha256Hex(`${issue.code}\u0000${issue.path}`)),
    properties,
  };
}

const fingerprints = (hash: string) => ({ [FINGERPRINT]: hash, [GITHUB_FINGERPRINT]: hash });

/** One log, one run, the results of every entry in entry order (then path, then code). */
export function sarifLog(entries: readonly SarifEntry[], site: Site, options: SarifOptions = {}): SarifLog {
  const l = links(site);
  const notifications = options.notifications ?? [];
  const profiles = new Set(entries.map((e) => e.input.profile ?? null));
  const invocation: Record<string, unknown> = { executionSuccessful: notifications.length === 0 };
  // A cut list is a note, not a failure: the run checked everything and counted every issue.
  const cuts = entries.flatMap(({ input, artifact }) => {
    const note =
      input.issue_count === undefined ? undefined : unlistedNote({ ...input, issue_count: input.issue_count });
    if (note === undefined) return [];
    const where = artifact ? [{ physicalLocation: { artifactLocation: artifactLocation(artifact) } }] : [];
    return [{ level: 'note', message: { text: sarifText(note) }, ...(where.length ? { locations: where } : {}) }];
  });
  if (notifications.length > 0 || cuts.length > 0) {
    invocation.toolExecutionNotifications = [
      ...notifications.map((n) => ({
        level: 'error',
        message: { text: sarifText(n.message) },
        locations: [{ physicalLocation: { artifactLocation: artifactLocation(n) } }],
      })),
      ...cuts,
    ];
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: `${RELEASE} validator`,
            informationUri: pageUrl(site, '/'),
            version: UAI_VERSION,
            rules: ISSUE_CODES.map((c) => ({
              id: c.code,
              name: ruleName(c.code),
              shortDescription: { text: c.title },
              fullDescription: { text: c.description },
              help: { text: c.fix },
              helpUri: l.codeHelp(c.code),
              defaultConfiguration: { level: c.severity },
              properties: { conformanceLevel: c.level },
            })),
          },
        },
        automationDetails: { id: options.automationId ?? DEFAULT_AUTOMATION_ID },
        columnKind: 'utf16CodeUnits',
        invocations: [invocation],
        results: entries.flatMap((e) =>
          sortIssues([...e.input.errors, ...e.input.warnings]).map((i) => result(i, e.artifact)),
        ),
        properties: { profile: profiles.size === 1 ? [...profiles][0]! : null, validateUrl: l.validate },
      },
    ],
  };
}

/** The log of one validator result (POST /v1/validate with format sarif). */
export const toSarif = (
  input: SarifInput,
  site: Site,
  artifact?: SarifArtifact,
  options: SarifOptions = {},
): SarifLog => sarifLog([{ input, artifact }], site, options);
