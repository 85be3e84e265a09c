/**
 * A validator result as a SARIF 2.1.0 log (OASIS SARIF 2.1.0), for CI systems that read code
 * scanning results. One rule per published issue code; each result points at its JSON Pointer
 * through a logical location (and a physical one when the caller names the checked file).
 */
import { ISSUE_CODES } from '../standard/codes.ts';
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { links, pageUrl, type Site } from '../standard/site.ts';
import { sortIssues, type Issue } from './issues.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifInput {
  readonly errors: readonly Issue[];
  readonly warnings: readonly Issue[];
  readonly profile?: string | null;
}

export interface SarifOptions {
  /** URI of the checked file, when there is one (the CLI); adds a physicalLocation per result. */
  readonly artifactUri?: string;
}

const ruleIndex = new Map(ISSUE_CODES.map((c, i) => [c.code, i]));

function result(issue: Issue, options: SarifOptions) {
  const location: Record<string, unknown> = {
    logicalLocations: [{ fullyQualifiedName: issue.path === '' ? '/' : issue.path, kind: 'member' }],
    properties: { jsonPointer: issue.path },
  };
  if (options.artifactUri !== undefined) location.physicalLocation = { artifactLocation: { uri: options.artifactUri } };
  const properties: Record<string, unknown> = { jsonPointer: issue.path, helpUri: issue.help_url };
  if (issue.keyword !== undefined) properties.keyword = issue.keyword;
  if (issue.expected !== undefined) properties.expected = issue.expected;
  if (issue.actual !== undefined) properties.actual = issue.actual;
  return {
    ruleId: issue.code,
    ruleIndex: ruleIndex.get(issue.code) ?? -1,
    level: issue.severity,
    message: { text: issue.message },
    locations: [location],
    properties,
  };
}

/** The SARIF 2.1.0 log of a validator result: one rule per published issue code, issues sorted by path then code. */
export function toSarif(input: SarifInput, site: Site, options: SarifOptions = {}) {
  const l = links(site);
  const issues = sortIssues([...input.errors, ...input.warnings]);
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
              name: c.code,
              shortDescription: { text: c.title },
              fullDescription: { text: c.description },
              help: { text: c.fix },
              helpUri: l.codeHelp(c.code),
              defaultConfiguration: { level: c.severity },
              properties: { conformanceLevel: c.level },
            })),
          },
        },
        invocations: [{ executionSuccessful: true }],
        results: issues.map((i) => result(i, options)),
        properties: { profile: input.profile ?? null, validateUrl: l.validate },
      },
    ],
  };
}
