import { sarifLog, type SarifEntry, type SarifLog, type SarifNotification } from '../engine/index.ts';
import type { Site } from '../standard/urls.ts';
import { streamedArray } from './json-stream.ts';
import { locateFile, locateInput } from './paths.ts';
import type { ReportWriter, Write } from './report-writer.ts';

/**
 * sarif: one SARIF 2.1.0 log, one run, every file's results with a region in the file, a URI
 * relative to %SRCROOT% (the base directory) and the engine's partialFingerprints; files that
 * could not be read become tool execution notifications.
 *
 * Written as the files are judged: the log's opening (the tool and its rules), then each file's
 * results, then what only the end knows (the invocation with its notifications, the run's
 * profile). So the run's members come in the order tool, automationDetails, columnKind, results,
 * invocations, properties, where a log built whole (POST /v1/validate) puts the invocations
 * before the results; member order carries no meaning in JSON, and the log is otherwise the
 * engine's (sarifLog), built by it from the same entries.
 */
const RESULTS = '\u0000results';

/** The engine's log with its results moved after the invocations, as text around a marker. */
function aroundResults(log: SarifLog): { before: string; after: string } {
  const runs = log.runs.map(({ results: _, invocations, properties, ...opening }) => ({
    ...opening,
    results: RESULTS,
    invocations,
    properties,
  }));
  const text = JSON.stringify({ ...log, runs }, null, 2);
  const at = text.indexOf(JSON.stringify(RESULTS));
  return { before: text.slice(0, at), after: text.slice(at + JSON.stringify(RESULTS).length) };
}

export function sarifWriter(write: Write, site: Site, base: string, automationId?: string): ReportWriter {
  write(aroundResults(sarifLog([], site, { automationId })).before);
  const results = streamedArray(write, 3);
  /**
   * What the closing part is built from, without any file's issues: one entry per profile seen
   * (the run names the profile when there is one), one per file whose list was cut (a note each).
   */
  const profiles = new Map<string | null, SarifEntry>();
  const cut: SarifEntry[] = [];
  const notifications: SarifNotification[] = [];
  return {
    checked({ file, result, locate }) {
      const { uri, uriBaseId } = locateFile(file, base);
      const artifact = { uri, ...(uriBaseId ? { uriBaseId } : {}) };
      if (result.errors.length + result.warnings.length > 0)
        for (const item of sarifLog([{ input: result, artifact: { ...artifact, locate } }], site).runs[0]!.results)
          results.item(item);
      const { profile, issue_count, issues_listed } = result;
      const stub = { input: { errors: [], warnings: [], profile, issue_count, issues_listed }, artifact };
      if (!profiles.has(profile)) profiles.set(profile, { input: { errors: [], warnings: [], profile } });
      if (issues_listed !== undefined) cut.push(stub);
    },
    unreadable({ file, error }) {
      const { uri, uriBaseId } = locateInput(file, base);
      notifications.push({ uri, ...(uriBaseId ? { uriBaseId } : {}), message: `${file}: ${error}` });
    },
    end() {
      results.close();
      write(
        `${aroundResults(sarifLog([...profiles.values(), ...cut], site, { automationId, notifications })).after}\n`,
      );
    },
  };
}
