import { sarifLog } from '../engine/index.ts';
import type { Site } from '../standard/site.ts';
import { locateFile } from './paths.ts';
import type { Report } from './report.ts';

/**
 * sarif: one SARIF 2.1.0 log, one run, every file's results with a region in the file, a URI
 * relative to %SRCROOT% (the base directory) and the engine's partialFingerprints; files that
 * could not be read become tool execution notifications.
 */
export function sarifReport({ checked, unreadable }: Report, site: Site, base: string): string {
  const entries = checked.map(({ file, result, locate }) => {
    const { uri, uriBaseId } = locateFile(file, base);
    return { input: result, artifact: { uri, ...(uriBaseId ? { uriBaseId } : {}), locate } };
  });
  const notifications = unreadable.map(({ file, error }) => {
    const { uri, uriBaseId } = locateFile(file, base);
    return { uri, ...(uriBaseId ? { uriBaseId } : {}), message: `${file}: ${error}` };
  });
  return `${JSON.stringify(sarifLog(entries, site, { notifications }), null, 2)}\n`;
}
