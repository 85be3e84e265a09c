/**
 * `uai check-exchange --recording <file>`: a recording judged offline, printed as the live proxy
 * prints it (a line per exchange, then the report). Returns the exit status, or the usage error.
 */
import { randomBytes } from 'node:crypto';
import type { Site } from '../../standard/urls.ts';
import { formatProxyReport, liveLine, PROXY_FORMATS, type ProxyFormat } from './formats.ts';
import { replayRecording } from './replay.ts';

export interface ReplayIo {
  readonly stdout: (text: string) => void;
  readonly now: () => Date;
  readonly site: Site;
}

export async function replayCommand(file: string, format: string | undefined, io: ReplayIo): Promise<number | string> {
  const chosen = (format ?? 'text') as ProxyFormat;
  if (!PROXY_FORMATS.includes(chosen)) return `--format takes ${PROXY_FORMATS.join(', ')} with --recording`;
  const replayed = await replayRecording(file, {
    site: io.site,
    runId: randomBytes(16).toString('hex'),
    now: io.now(),
    // The live lines as the proxy printed them, streamed: a recording of any length is judged in bounded memory.
    ...(chosen === 'text' ? { onExchange: (x) => io.stdout(liveLine(x)) } : {}),
  });
  if (!replayed.ok) return replayed.error;
  const lines = replayed.lines;
  const place = { file, lineOf: (exchange: number) => lines.get(exchange) };
  io.stdout(`${chosen === 'text' ? '\n' : ''}${formatProxyReport(replayed.report, chosen, io.site, place)}`);
  return replayed.report.exit_code;
}
