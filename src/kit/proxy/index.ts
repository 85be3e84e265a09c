/**
 * `uai proxy`: the judging intermediary between a real client and a real server. forward.ts
 * forwards and records, judge.ts judges each recorded exchange (with the engine's exchange and
 * conversation rules), report.ts reports both sides through the kit's judging core, replay.ts
 * judges a recording offline, command.ts is the command.
 */
export { PROXY_CHECKS } from './checks.ts';
export { formatProxyReport, liveLine, PROXY_FORMATS, type ProxyFormat } from './formats.ts';
export { startProxy, type ProxyOptions, type RunningProxy } from './forward.ts';
export { RecordingJudge, type JudgedExchange, type ProxyFinding } from './judge.ts';
export { parseRecordLine, RECORD_KIND, recordLine, type RecordedExchange } from './recording.ts';
export { replayRecording, type Replayed } from './replay.ts';
export { PROXY_REPORT_KIND, ProxySession, type ProxyReport } from './report.ts';
