/**
 * The proxy's output: one live line per exchange as it completes (which side broke which rule,
 * with the finding), and the report at the end as text, JSON, JUnit (one suite per side, each the
 * kit's own) or SARIF 2.1.0 (one result per finding, on the recording's line when there is one).
 */
import { isAbsolute, sep } from 'node:path';
import { sarifText } from '../../engine/index.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { links, type Site } from '../../standard/urls.ts';
import { countsLine, junitSuite, textReport } from '../judge/formats.ts';
import { fileUri } from '../usage.ts';
import { escapeLine } from '../terminal.ts';
import { PROXY_CHECKS } from './checks.ts';
import type { JudgedExchange } from './judge.ts';
import type { ProxyReport } from './report.ts';

export const PROXY_FORMATS = ['text', 'json', 'junit', 'sarif'] as const;
export type ProxyFormat = (typeof PROXY_FORMATS)[number];

/** At most this many findings are shown under one live line (each on one line of its own); the report has them all. */
const SHOWN = 5;

/**
 * The method, target, pointer and message are the two sides' (or a recording's) to choose: each
 * line is escaped as the text report's are (escapeLine), so it stays one line and holds nothing a
 * terminal or the Actions runner acts on.
 */
export function liveLine(x: JudgedExchange): string {
  const head = `#${x.index} ${x.method} ${x.target.slice(0, 120)} -> ${x.status ?? 'no answer'}`;
  if (!x.findings.length)
    return `${escapeLine(x.unjudged !== undefined ? `${head}  not judged: ${x.unjudged.slice(0, 300)}` : `${head}  ok`)}\n`;
  const unjudged = x.unjudged !== undefined ? `; not judged as a message: ${x.unjudged.slice(0, 300)}` : '';
  const lines = [`${head}  ${x.findings.length} finding${x.findings.length === 1 ? '' : 's'}${unjudged}`];
  for (const f of x.findings.slice(0, SHOWN))
    lines.push(
      `  ${f.side.padEnd(6)} ${f.check} (${f.severity}, ${f.section}) ${f.path || '/'}: ${f.message.slice(0, 300)}`,
    );
  if (x.findings.length > SHOWN) lines.push(`  ... ${x.findings.length - SHOWN} more in the report`);
  return `${lines.map(escapeLine).join('\n')}\n`;
}

/** The proxy writes no result file: both sealed results are members of its JSON report. */
const PROXY_RESULT_NOTE = 'in the report of --format json';

/** The upstream is a recording's to name when one is replayed: the lines naming it are escaped as textReport's are. */
export function proxyText(r: ProxyReport): string {
  const bySide = (side: string) => r.findings.filter((f) => f.side === side).length;
  return [
    escapeLine(
      `uai proxy ${r.upstream}: ${r.exchanges} exchanges; ${bySide('server')} findings about the server, ${bySide('client')} about the client` +
        (r.unjudged.length ? `; ${r.unjudged.length} not judged` : ''),
    ),
    ...r.unjudged.slice(0, 20).map((u) => escapeLine(`not judged: #${u.exchange}: ${u.reason.slice(0, 300)}`)),
    `server: ${countsLine(r.server.counts)}`,
    `client: ${countsLine(r.client.counts)}`,
    '',
    escapeLine(`-- the server (${r.upstream})`),
    textReport(r.server, PROXY_RESULT_NOTE),
    '-- the client',
    textReport(r.client, PROXY_RESULT_NOTE),
  ].join('\n');
}

/** Both sides' suites in one document: each is the kit's JUnit suite of that side. */
export function proxyJunit(r: ProxyReport): string {
  const suites = [r.server, r.client].map((side) => junitSuite(side, `${side.side}: ${side.endpoint}`));
  const tests = suites.reduce((n, s) => n + s.tests, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="uai proxy" tests="${tests}" failures="${suites.reduce((n, s) => n + s.failures, 0)}" errors="0">`,
    ...suites.map((s) => s.text),
    '</testsuites>',
    '',
  ].join('\n');
}

/**
 * A recording as SARIF locates it: a relative path against the checkout (`%SRCROOT%`, as `uai
 * validate` writes it), an absolute one as a `file:` URI; and the line of each exchange (the live
 * proxy writes exchange n on line n; a recording replayed may hold blank lines and skip numbers).
 */
export interface RecordingPlace {
  readonly file: string;
  readonly lineOf?: (exchange: number) => number | undefined;
}

const recordingLocation = (file: string) =>
  isAbsolute(file)
    ? { uri: fileUri(file) }
    : { uri: file.split(sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };

/** SARIF 2.1.0: one rule per check, one result per finding, located on the recording's line of its exchange. */
export function proxySarif(r: ProxyReport, site: Site, recording?: RecordingPlace): string {
  const l = links(site);
  const used = [...new Set(r.findings.map((f) => f.check))];
  const rules = PROXY_CHECKS.filter((c) => used.includes(c.id));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'uai proxy',
            fullName: `${RELEASE} uai proxy`,
            version: UAI_VERSION,
            informationUri: l.codeHelp('message.valid').split('#')[0],
            rules: rules.map((c) => ({
              id: c.id,
              shortDescription: { text: c.title },
              helpUri: l.codeHelp(c.id),
              properties: { side: c.side, section: c.section, severity: c.severity },
            })),
          },
        },
        results: r.findings.map((f) => {
          const line = recording && (recording.lineOf ? recording.lineOf(f.exchange) : f.exchange);
          return {
            ruleId: f.check,
            ruleIndex: rules.findIndex((c) => c.id === f.check),
            level: f.severity === 'must' ? 'error' : 'warning',
            // A finding quotes what the two sides sent: escaped as the validator's SARIF messages are.
            message: { text: sarifText(`[${f.side}] exchange #${f.exchange}: ${f.message}`) },
            locations: [
              {
                ...(recording
                  ? {
                      physicalLocation: {
                        artifactLocation: recordingLocation(recording.file),
                        ...(line !== undefined ? { region: { startLine: line } } : {}),
                      },
                    }
                  : {}),
                logicalLocations: [{ fullyQualifiedName: `exchange/${f.exchange}${f.path}`, kind: 'member' }],
              },
            ],
            properties: { side: f.side, exchange: f.exchange, jsonPointer: f.path },
          };
        }),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

export function formatProxyReport(r: ProxyReport, format: ProxyFormat, site: Site, recording?: RecordingPlace): string {
  if (format === 'json') return `${JSON.stringify(r, null, 2)}\n`;
  if (format === 'junit') return proxyJunit(r);
  if (format === 'sarif') return proxySarif(r, site, recording);
  return proxyText(r);
}
