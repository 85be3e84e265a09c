/**
 * `uai proxy --listen <port> --upstream <endpoint>`: the proxy on the command line. It forwards
 * until interrupted (or until --exchanges have completed), prints a live line per exchange on
 * stderr, appends each exchange to the recording, and prints the report on stdout at the end.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { isUsageError, milliseconds, positive, UsageError, type KitIo } from '../command.ts';
import { DEFAULT_LIMITS } from '../server/http.ts';
import { formatProxyReport, liveLine, PROXY_FORMATS, type ProxyFormat } from './formats.ts';
import { startProxy } from './forward.ts';
import { recordLine } from './recording.ts';
import { ProxySession } from './report.ts';
import { escapeLine } from '../terminal.ts';
import { commandArgs, requireWritable, writeOutput } from '../usage.ts';

export const PROXY_HELP = `Usage: uai proxy --listen <port> --upstream <endpoint-url> [options]

Forwards a client's traffic to a UAI-1 server unchanged and judges every exchange as it completes,
by the rules uai test and uai check-exchange apply: each message against its profile, each answer
against its request, task polls against the task they follow, and the conversation as a whole.
Point the client at http://127.0.0.1:<port><the endpoint's path>. Only the upstream is contacted.

Options:
  --listen <port>        the loopback port to listen on (0: a free one, printed at start)
  --upstream <url>       the server's endpoint (http or https)
  --record <file>        write every exchange to a recording (JSON Lines; replay it with
                         uai check-exchange --recording <file>)
  --format <f>           the report at the end: text (default), json, junit, sarif
  --report <file>        write the report there instead of stdout
  --exchanges <n>        stop after n exchanges (default: run until interrupted)
  --timeout <ms>         per exchange, from its first byte to the answer's last (default ${DEFAULT_LIMITS.timeoutMs})
  --quiet                no live lines

Exit status: 0 no must-finding about either side, 1 a must-finding, 2 usage error or the port
could not be opened.
`;

export async function proxyCommand(argv: readonly string[], io: KitIo): Promise<number> {
  try {
    const { values, positionals } = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        listen: { type: 'string' },
        upstream: { type: 'string' },
        record: { type: 'string' },
        format: { type: 'string' },
        report: { type: 'string' },
        exchanges: { type: 'string' },
        timeout: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      io.stdout(PROXY_HELP);
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
    const port = Number(values.listen);
    if (values.listen === undefined || !Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError('--listen takes a port number (0 to 65535)');
    const upstream = values.upstream;
    if (!upstream || !URL.canParse(upstream) || !/^https?:$/.test(new URL(upstream).protocol))
      throw new UsageError('--upstream takes the http(s) URL of the server endpoint');
    const format = (values.format ?? 'text') as ProxyFormat;
    if (!PROXY_FORMATS.includes(format)) throw new UsageError(`--format takes ${PROXY_FORMATS.join(', ')}`);
    const limit = values.exchanges === undefined ? Infinity : positive(values.exchanges, 0, '--exchanges');
    const timeoutMs = milliseconds(values.timeout, DEFAULT_LIMITS.timeoutMs, '--timeout');

    if (values.record !== undefined) requireWritable('--record', values.record);
    if (values.report !== undefined) requireWritable('--report', values.report);

    const session = new ProxySession(io.site);
    // Opened once the proxy listens: a port already taken must not empty an earlier recording.
    let recording: WriteStream | undefined;
    let seen = 0;
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let recordError: Error | undefined;
    let proxy;
    try {
      proxy = await startProxy({
        port,
        upstream,
        site: io.site,
        timeoutMs,
        onExchange: (x) => {
          recording?.write(recordLine(x));
          const judged = session.add(x);
          if (!values.quiet) io.stderr(liveLine(judged));
          if ((seen += 1) >= limit) stop();
        },
      });
    } catch (error) {
      throw new UsageError(`cannot listen on port ${port}: ${(error as Error).message}`);
    }
    if (values.record) {
      recording = createWriteStream(values.record, { flags: 'w' });
      // A recording that fails on the way (a disk full) ends the session: what it judged is still reported.
      recording.once('error', (error) => {
        recordError = error;
        stop();
      });
    }
    io.stderr(`uai proxy: ${proxy.endpoint} -> ${upstream}\n`);
    const signals = ['SIGINT', 'SIGTERM'] as const;
    for (const s of signals) process.once(s, stop);
    await stopped;
    for (const s of signals) process.removeListener(s, stop);
    await proxy.close();
    if (recording && !recordError) await new Promise<void>((resolve) => recording.end(resolve));
    const report = session.report({ site: io.site, runId: randomBytes(16).toString('hex'), now: io.now() }, upstream);
    const text = formatProxyReport(report, format, io.site, values.record ? { file: values.record } : undefined);
    if (values.report) writeOutput('--report', values.report, text);
    else io.stdout(text);
    if (recordError) throw new UsageError(`--record ${values.record}: cannot write: ${recordError.message}`);
    return report.exit_code;
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(`${escapeLine(`uai proxy: ${error.message}`)}\nRun "uai proxy --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
}
