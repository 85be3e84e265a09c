/**
 * The proxy's report: what the judge found over every exchange, split by the side each finding is
 * about. Each side's verdicts go through the kit's judging core (verdictsFor, kitReport), so each
 * side gets the report and the sealed uai.conformance.result.v1 `uai test` and `uai test-client`
 * give; a check the traffic never called for is skipped, saying so (the proxy judges what passed
 * through it, and claims nothing about the rest).
 */
import { RELEASE } from '../../standard/release.ts';
import type { KitSide } from '../../standard/kit-checks.ts';
import type { Site } from '../../standard/urls.ts';
import { kitReport, type KitReport } from '../judge/report.ts';
import type { ResultSubject } from '../judge/result.ts';
import { skip, Tally, verdictsFor } from '../judge/verdict.ts';
import { PROXY_CHECKS, RecordingJudge, type JudgedExchange, type ProxyFinding } from './judge.ts';
import type { RecordedExchange } from './recording.ts';

export const PROXY_REPORT_KIND = 'uai.proxy.report.v1';

export interface ProxyReport {
  readonly kind: typeof PROXY_REPORT_KIND;
  readonly upstream: string;
  readonly exchanges: number;
  /** Every finding, with the exchange it was made on (1-based, as the recording numbers them). */
  readonly findings: readonly (ProxyFinding & { readonly exchange: number })[];
  /** Each side's report, as the kit gives it. */
  readonly server: KitReport;
  readonly client: KitReport;
  /**
   * Exchanges not judged as messages, and why (the proxy's pool was in use, the client left before
   * the answer was whole): named, so that what was not seen is never read as passed.
   */
  readonly unjudged: readonly { readonly exchange: number; readonly reason: string }[];
  /** 0 no must-finding about either side, 1 otherwise. */
  readonly exit_code: 0 | 1;
}

export interface ReportOptions {
  readonly site: Site;
  readonly runId: string;
  readonly now: Date;
}

const UNSEEN = skip('no exchange that passed through the proxy calls for it');

function subject(side: KitSide, upstream: string): ResultSubject {
  return side === 'server'
    ? {
        target: {
          type: 'service',
          id: upstream,
          label: upstream,
          uri: upstream,
          implementation: 'unknown implementation',
        },
        checkedProfile: 'uai.capability.statement.v1',
        messageRef: upstream,
        purpose: `${RELEASE} evidence about one endpoint, judged on the traffic uai proxy forwarded to it.`,
      }
    : {
        target: {
          type: 'agent',
          id: 'unidentified-client',
          label: `the client in front of uai proxy for ${upstream}`.slice(0, 200),
          implementation: 'unknown implementation',
        },
        checkedProfile: 'uai.intent.request.v1',
        messageRef: 'unidentified-client',
        purpose: `${RELEASE} evidence about one client, judged on the traffic uai proxy forwarded for it.`,
      };
}

/** The exchanges of one proxy run or one recording, judged in order, and the report over them. */
export class ProxySession {
  readonly #judge: RecordingJudge;
  readonly #tally = new Tally();
  readonly #findings: (ProxyFinding & { exchange: number })[] = [];
  readonly #unjudged: { exchange: number; reason: string }[] = [];
  #lastIndex = 0;
  #count = 0;
  #upstream = '';

  constructor(site: Site) {
    this.#judge = new RecordingJudge(site);
  }

  add(x: RecordedExchange): JudgedExchange {
    this.#count += 1;
    this.#lastIndex = x.index;
    this.#upstream = x.upstream;
    const judged = this.#judge.judge(x);
    this.#note(judged.judged, judged.findings, x.index);
    if (judged.unjudged !== undefined) this.#unjudged.push({ exchange: x.index, reason: judged.unjudged });
    return judged;
  }

  #note(judged: readonly string[], findings: readonly ProxyFinding[], exchange: number): void {
    for (const id of judged) this.#tally.saw(id);
    for (const f of findings) {
      // A finding is kept once per check and exchange in the tally's evidence; the list keeps all.
      this.#tally.fail(`${f.side}:${f.check}`, `#${exchange} ${f.path || '/'}: ${f.message}`);
      this.#findings.push({ ...f, exchange });
    }
  }

  report(options: ReportOptions, upstream = this.#upstream): ProxyReport {
    // What only the end shows is said of the last exchange (a recording's numbers may skip).
    this.#note(this.#judge.finishes, this.#judge.finish(), this.#lastIndex);
    const sides = Object.fromEntries(
      (['server', 'client'] as const).map((side) => {
        const checks = verdictsFor(
          PROXY_CHECKS.filter(
            (c) => c.side === side || this.#findings.some((f) => f.check === c.id && f.side === side),
          ),
          (c) => {
            const failed = this.#tally.outcome(`${side}:${c.id}`, UNSEEN);
            return failed.status === 'fail' ? failed : this.#tally.outcome(c.id, UNSEEN);
          },
        );
        const report = kitReport({
          side,
          tool: 'uai proxy',
          endpoint: upstream,
          checks,
          subject: subject(side, upstream),
          requestsSent: this.#count,
          ...options,
          resultOf: side,
        });
        return [side, report];
      }),
    ) as Record<KitSide, KitReport>;
    return {
      kind: PROXY_REPORT_KIND,
      upstream,
      exchanges: this.#count,
      findings: this.#findings,
      unjudged: this.#unjudged,
      server: sides.server,
      client: sides.client,
      exit_code: this.#findings.some((f) => f.severity === 'must') ? 1 : 0,
    };
  }
}
